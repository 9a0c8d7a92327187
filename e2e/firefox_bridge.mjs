// Firefox ESR for e2e tests, driven by npm puppeteer-core over WebDriver BiDi (no geckodriver): e2e/firefox.py
// starts this script, sends one JSON command per line on stdin and reads one JSON answer per line on stdout.
//
//   node e2e/firefox_bridge.mjs '{"executable": "/usr/bin/firefox-esr", "prefs": {...}}'
//   -> {"id": 1, "op": "open", "url": "...", "viewport": [390, 844]}    <- {"id": 1, "value": "p1"}
//
// Each page is a new browser context (a person's own storage). Requests to hosts other than 127.0.0.1 /
// localhost are aborted and recorded, as e2e/conftest.py does for Chromium. Every wait is on something the
// page shows or sets (a selector or a function of the DOM), with a timeout; nothing here sleeps.
import { createInterface } from "node:readline";
import puppeteer from "puppeteer-core";

const settings = JSON.parse(process.argv[2] || "{}");
const LOCAL = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);
const pages = new Map();     // id -> {page, context, record}
let counter = 0;

const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath: settings.executable || "/usr/bin/firefox-esr",
  headless: true,
  extraPrefsFirefox: settings.prefs || {},
});

function call(fn, arg) {
  // fn is a JavaScript function's source, as the Python side writes it for Playwright
  return `(${fn})(${JSON.stringify(arg === undefined ? null : arg)})`;
}

const ops = {
  async version() {
    return browser.version();
  },

  async open({ url, viewport, timeout }) {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    const record = { pageErrors: [], blocked: [], consoleErrors: [] };
    await page.setViewport({ width: viewport[0], height: viewport[1] });
    await page.setRequestInterception(true);
    page.on("request", (request) => {
      if (request.isInterceptResolutionHandled()) return;
      let parts = null;
      try { parts = new URL(request.url()); } catch (e) { /* data: and friends */ }
      if (parts && /^(https?|wss?):$/.test(parts.protocol) && !LOCAL.has(parts.hostname)) {
        record.blocked.push(request.url());
        request.abort("blockedbyclient");
      } else {
        request.continue();
      }
    });
    page.on("pageerror", (error) => record.pageErrors.push(String(error && error.message || error)));
    page.on("console", (message) => { if (message.type() === "error") record.consoleErrors.push(message.text()); });
    const id = "p" + ++counter;
    pages.set(id, { page, context, record });
    if (url) await page.goto(url, { waitUntil: "load", timeout });
    return id;
  },

  async goto({ page, url, timeout }) {
    await page.goto(url, { waitUntil: "load", timeout });
  },

  async reload({ page, timeout }) {
    await page.reload({ waitUntil: "load", timeout });
  },

  async waitForSelector({ page, selector, timeout, visible }) {
    await page.waitForSelector(selector, { timeout, visible: !!visible });
  },

  async waitForFunction({ page, fn, arg, timeout }) {
    await page.waitForFunction(call(fn, arg), { timeout, polling: 100 });
  },

  async evaluate({ page, fn, arg }) {
    return page.evaluate(call(fn, arg));
  },

  async click({ page, selector, timeout }) {
    // to the middle of the screen first, as a person scrolls what they tap into view: clicked where it stood at the
    // edge, a choice's middle can lie under the phone's sticky header or Seven Rounds' sticky Lock in, which then
    // takes the click (Playwright checks what the pointer hits; puppeteer does not)
    await page.waitForSelector(selector, { timeout, visible: true });
    await page.$eval(selector, (el) => el.scrollIntoView({ block: "center", inline: "center" }));
    await page.locator(selector).setTimeout(timeout).click();
  },

  async fill({ page, selector, text, timeout }) {
    await page.locator(selector).setTimeout(timeout).fill(text);
  },

  async attribute({ page, selector, name }) {
    return page.$eval(selector, (el, n) => el.getAttribute(n), name);
  },

  async innerText({ page, selector }) {
    return page.$eval(selector, (el) => el.innerText);
  },

  async count({ page, selector }) {
    return page.$$eval(selector, (els) => els.length);
  },

  async screenshot({ page, path }) {
    await page.screenshot({ path, fullPage: true });
  },

  async problems({ page, pageId }) {
    const { record } = pages.get(pageId);
    const pyErrors = await page.$$eval(".py-error", (els) => els.map((e) => e.innerText)).catch(() => []);
    return Object.assign({ pyErrors }, record);
  },

  async close({ pageId }) {
    const entry = pages.get(pageId);
    pages.delete(pageId);
    await entry.context.close();
  },

  async quit() {
    return null;
  },
};

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  if (!line.trim()) continue;
  const command = JSON.parse(line);
  let answer;
  try {
    const op = ops[command.op];
    if (!op) throw new Error("unknown op " + command.op);
    const entry = command.page ? pages.get(command.page) : null;
    if (command.page && !entry) throw new Error("no page " + command.page);
    const args = Object.assign({}, command, { pageId: command.page, page: entry && entry.page });
    const value = await op(args);
    answer = { id: command.id, value: value === undefined ? null : value };
  } catch (error) {
    answer = { id: command.id, error: String(error && error.stack || error) };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
  if (command.op === "quit") break;
}
await browser.close();
