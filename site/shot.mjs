import { chromium } from 'playwright-core'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless'] })
for (const arg of process.argv.slice(2)) {
  const [url, out, width = '1400'] = arg.split('=')
  const page = await browser.newPage({ viewport: { width: Number(width), height: 900 } })
  await page.goto(url)
  await page.screenshot({ path: out })
  await page.close()
}
await browser.close()
