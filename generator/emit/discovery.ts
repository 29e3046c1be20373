/**
 * `discovery.json`: the document `GET /` answers (interface document 2.1), as the contract's
 * discovery outline builds it. Site fields and addresses are placeholders (`{name}`,
 * `{rest_url}`...) that the runtime fills per request, so the file is the same on every machine.
 */
import { jsonDocument } from './json-document.ts';
import type { DeploymentModel, Route } from '../../contract/model.ts';
import { discoveryOutline, REST_URL_PLACEHOLDER } from '../../contract/discovery-outline.ts';
import { describeRoute } from '../../contract/route-descriptor.ts';
import type { EmittedFile } from './emitted-file.ts';

/** Methods of a route: each endpoint's methods in order, repeats kept as WordPress does. */
export function routeMethods(route: Route): string[] {
  return route.endpoints.flatMap((e) => e.methods);
}

/** A route's descriptor exactly as the server publishes it, with the `{rest_url}` placeholder. */
export function routeDescriptor(route: Route, deployment: DeploymentModel): Record<string, unknown> {
  return describeRoute({ restUrl: REST_URL_PLACEHOLDER, resources: deployment.resources }, route, 'view');
}

export function discoveryDocument(deployment: DeploymentModel): Record<string, unknown> {
  return discoveryOutline({
    namespaces: deployment.namespaces,
    applicationPasswords: deployment.authentication.applicationPasswords,
    routes: deployment.routes,
    resources: deployment.resources,
  });
}

export function emitDiscovery(deployment: DeploymentModel): EmittedFile[] {
  // Written compact: the formatter lays out each object on one line when it fits.
  return [{ path: `deployments/${deployment.name}/discovery.json`, content: jsonDocument(discoveryDocument(deployment)), preformatted: true }];
}
