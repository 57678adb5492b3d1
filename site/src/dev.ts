// `pnpm docs:dev [--port 4321]`: builds the site, serves site/dist on 127.0.0.1, and rebuilds when README.md, docs/,
// site/pages/, site/client/, examples/ or a package's source or README changes; open pages reload themselves.
// `startDocsServer` (a static server for any built site) is what the browser test serves the site with.
import { createReadStream, existsSync, statSync, watch } from 'node:fs'
import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, sep } from 'node:path'
import { buildSite, summary, type BuildResult } from './build.js'
import { repoRoot } from './config.js'

const types: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.jpg': 'image/jpeg',
}

const reloadScript = `<script>new EventSource('/__reload').onmessage = () => location.reload()</script>`

export interface DocsServer {
  readonly url: string
  /** Tells open pages to reload (when serving with `live`). */
  reload(): void
  close(): Promise<void>
}

/** Serves the built site in `dir` on 127.0.0.1 (`port` 0 takes a free one); `live` adds the reload script. */
export function startDocsServer(options: { dir: string; port?: number; live?: boolean }): Promise<DocsServer> {
  const listeners = new Set<ServerResponse>()
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname)
    if (options.live && path === '/__reload') {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' })
      listeners.add(response)
      request.on('close', () => listeners.delete(response))
      return
    }
    let file = normalize(join(options.dir, path))
    if (!file.startsWith(normalize(options.dir + sep)) && file !== normalize(options.dir)) {
      response.writeHead(403).end()
      return
    }
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html')
    if (!existsSync(file)) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end(`not found: ${path}`)
      return
    }
    const type = types[extname(file)] ?? 'application/octet-stream'
    response.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' })
    if (options.live && type.startsWith('text/html')) {
      const stream = createReadStream(file, 'utf8')
      let html = ''
      stream.on('data', (chunk) => (html += chunk))
      stream.on('end', () => response.end(html.replace('</body>', `${reloadScript}</body>`)))
    } else createReadStream(file).pipe(response)
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      resolve({
        url: `http://127.0.0.1:${port}/`,
        reload: () => listeners.forEach((listener) => listener.write('data: reload\n\n')),
        close: () =>
          new Promise((done) => {
            listeners.forEach((listener) => listener.end())
            server.close(() => done())
          }),
      })
    })
  })
}

function report(result: BuildResult): void {
  console.log(summary(result))
  if (result.problems.length > 0)
    console.error(`docs: ${result.problems.length} problem(s):\n- ${result.problems.join('\n- ')}`)
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const args = process.argv.slice(2)
  const portArgument = args.indexOf('--port')
  const port = portArgument >= 0 ? Number(args[portArgument + 1]) : 4321
  let result = buildSite()
  report(result)
  const server = await startDocsServer({ dir: result.outDir, port, live: true })
  console.log(`docs: serving ${server.url} (Ctrl-C stops); rebuilding on changes`)
  let timer: NodeJS.Timeout | undefined
  const watched = ['README.md', 'docs', 'site/pages', 'site/client', 'examples', 'packages']
  for (const target of watched) {
    watch(join(repoRoot, target), { recursive: true }, (_event, name) => {
      const changed = `${target}/${name ?? ''}`
      if (/node_modules|\/dist\//.test(changed)) return
      if (target === 'packages' && !/\/(src\/.*\.ts|README\.md|package\.json)$/.test(changed)) return
      clearTimeout(timer)
      timer = setTimeout(() => {
        console.log(`docs: ${changed} changed, rebuilding`)
        result = buildSite({ previous: result.program })
        report(result)
        server.reload()
      }, 200)
    })
  }
}
