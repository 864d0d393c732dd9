import puppeteer from 'puppeteer-core';
const path = process.argv[2] ?? '/';
const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', args: ['--headless=new', '--no-sandbox'] });
const tab = await browser.newPage();
await tab.setViewport({ width: 412, height: 823, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
const cdp = await tab.createCDPSession();
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 1.6 * 1024 * 1024 / 8, uploadThroughput: 750 * 1024 / 8 });
await tab.evaluateOnNewDocument(() => {
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.__shifts.push({ value: e.value, t: Math.round(e.startTime), sources: (e.sources || []).map((s) => {
        const n = s.node; let d = '?';
        if (n && n.nodeType === 1) d = n.tagName.toLowerCase() + (n.id ? '#' + n.id : '') + (n.className && typeof n.className === 'string' ? '.' + n.className.trim().split(/\s+/).slice(0,3).join('.') : '');
        else if (n) d = '#text:' + (n.textContent || '').slice(0, 20);
        return `${d} ${JSON.stringify(s.previousRect.toJSON ? {y: s.previousRect.y, h: s.previousRect.height} : {})}->${JSON.stringify({y: s.currentRect.y, h: s.currentRect.height})}`;
      }) });
    }
  }).observe({ type: 'layout-shift', buffered: true });
});
await tab.goto(`http://127.0.0.1:${process.env.P ?? 6650}${path}`, { waitUntil: 'networkidle0' });
await new Promise((r) => setTimeout(r, 1000));
const shifts = await tab.evaluate(() => window.__shifts);
let total = 0;
for (const s of shifts) { total += s.value; console.log(s.t, s.value.toFixed(4), s.sources.join(' | ')); }
console.log('total', total.toFixed(3));
await browser.close();
