import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { PortInUseError } from './port-in-use-error.js'

function listenOnce(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => {
      server.off('listening', onListening)
      reject(error)
    }
    const onListening = () => {
      server.off('error', onError)
      resolve((server.address() as AddressInfo).port)
    }
    server.once('error', onError)
    server.once('listening', onListening)
    server.listen(port, host)
  })
}

async function freePortNear(port: number, host: string): Promise<number | undefined> {
  for (let candidate = port + 1; candidate <= Math.min(port + 20, 65535); candidate++) {
    const probe = createServer()
    try {
      await listenOnce(probe, candidate, host)
      await new Promise((resolve) => probe.close(resolve))
      return candidate
    } catch {
      // taken too: try the next
    }
  }
  return undefined
}

/** Listens on `host:port` (0: a free port) and resolves with the port; a taken port is a {@link PortInUseError}. */
export async function listen(server: Server, port: number, host: string): Promise<number> {
  try {
    return await listenOnce(server, port, host)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
      throw new PortInUseError(port, await freePortNear(port, host), host)
    throw error
  }
}
