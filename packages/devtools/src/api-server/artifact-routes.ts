import type { AdkApiApps } from './api-apps.js'
import { HttpRequestError } from '../http/request-error.js'
import { Reply } from '../http/reply.js'
import type { RouteCall, Router } from '../http/router.js'

const artifacts = '/apps/:app/users/:user/sessions/:session/artifacts'

function key(apps: AdkApiApps, { params }: RouteCall) {
  apps.agent(params['app'] as string)
  return {
    appName: params['app'] as string,
    userId: params['user'] as string,
    sessionId: params['session'] as string,
  }
}

function notFound(name: string): HttpRequestError {
  return new HttpRequestError('HTTP_NOT_FOUND', `Artifact not found: ${name}`)
}

/** ADK's artifact routes: list names, load the latest or one version, list versions, delete. */
export function addArtifactRoutes(router: Router, apps: AdkApiApps): void {
  const service = apps.artifactService
  router
    .add('GET', artifacts, async (call) => service.listArtifactKeys(key(apps, call)))
    .add('GET', `${artifacts}/:name`, async (call) => {
      const name = call.params['name'] as string
      return (await service.loadArtifact({ ...key(apps, call), filename: name })) ?? Promise.reject(notFound(name))
    })
    .add('GET', `${artifacts}/:name/versions`, async (call) =>
      service.listVersions({ ...key(apps, call), filename: call.params['name'] as string }),
    )
    .add('GET', `${artifacts}/:name/versions/:version`, async (call) => {
      const name = call.params['name'] as string
      const raw = call.params['version'] as string
      if (!/^\d+$/.test(raw))
        throw new HttpRequestError('HTTP_BAD_REQUEST', `Artifact version must be a whole number, got "${raw}".`)
      const found = await service.loadArtifact({ ...key(apps, call), filename: name, version: Number(raw) })
      if (!found) throw notFound(name)
      return found
    })
    .add('DELETE', `${artifacts}/:name`, async (call) => {
      await service.deleteArtifact({ ...key(apps, call), filename: call.params['name'] as string })
      return Reply.empty(204)
    })
}
