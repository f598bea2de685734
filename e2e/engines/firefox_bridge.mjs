// Firefox for e2e/engines/drivers.py: Debian's firefox-esr driven over WebDriver BiDi by
// puppeteer-core (no geckodriver, no download), one page, commanded by JSON lines.
//
//   node e2e/engines/firefox_bridge.mjs WIDTH HEIGHT
//
// Prints {"ready": true} once the page is open, then answers each line of stdin,
// {"id", "op", ...}, with {"id", "value"} or {"id", "error"}. Console errors, uncaught page
// errors and every request the page makes are kept until "drain" hands them over.
import puppeteer from "puppeteer-core";
import { createInterface } from "node:readline";

const [width, height] = process.argv.slice(2).map(Number);
const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath: process.env.FIREFOX || "/usr/bin/firefox-esr",
  headless: true,
  defaultViewport: { width: width || 1280, height: height || 900 },
  // No update checks, telemetry or remote settings: nothing may leave the machine.
  extraPrefsFirefox: {
    "app.update.enabled": false,
    "browser.safebrowsing.malware.enabled": false,
    "browser.safebrowsing.phishing.enabled": false,
    "datareporting.policy.dataSubmissionEnabled": false,
    // Headless, the window never has the system's focus, and element.focus() then fires
    // no focus events: as if focused, like the window a player is looking at.
    "focusmanager.testmode": true,
    "network.captive-portal-service.enabled": false,
    "network.connectivity-service.enabled": false,
    "services.settings.server": "http://127.0.0.1:9/",
  },
});
const page = (await browser.pages())[0] || (await browser.newPage());
let errors = [];
let requests = [];
page.on("console", (message) => {
  if (message.type() === "error") errors.push(`console: ${message.text()}`);
});
page.on("pageerror", (error) => errors.push(`pageerror: ${error.message || error}`));
page.on("request", (request) => requests.push(request.url()));

async function key(combo) {
  const keys = combo.split("+");
  for (const name of keys.slice(0, -1)) await page.keyboard.down(name);
  await page.keyboard.press(keys.at(-1));
  for (const name of keys.slice(0, -1).reverse()) await page.keyboard.up(name);
}

const ops = {
  goto: ({ url }) => page.goto(url, { waitUntil: "domcontentloaded", timeout: 120_000 }),
  reload: () => page.reload({ waitUntil: "domcontentloaded", timeout: 120_000 }),
  eval: ({ expr }) => page.evaluate(expr),
  move: ({ x, y, steps }) => page.mouse.move(x, y, { steps: steps || 1 }),
  down: () => page.mouse.down(),
  up: () => page.mouse.up(),
  click: ({ x, y }) => page.mouse.click(x, y),
  key: ({ key: combo }) => key(combo),
  viewport: ({ width: w, height: h }) => page.setViewport({ width: w, height: h }),
  screenshot: async ({ path, selector }) =>
    selector ? (await page.$(selector)).screenshot({ path }) : page.screenshot({ path }),
  drain: () => {
    const out = { errors, requests };
    errors = [];
    requests = [];
    return out;
  },
  version: () => browser.version(),
};

const send = (message) => process.stdout.write(JSON.stringify(message) + "\n");
send({ ready: true });
const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  const { id, op, ...args } = JSON.parse(line);
  if (op === "close") break;
  try {
    const value = await ops[op](args);
    send({ id, value: value === undefined ? null : value });
  } catch (error) {
    send({ id, error: String(error && error.stack ? error.stack : error) });
  }
}
await browser.close();
process.exit(0);
