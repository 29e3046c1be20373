/**
 * Which deployments a run makes files for. A run of all makes every deployment's folder and the
 * shared files (handlers, validators, args, data, routes, types) from all of them. A run of named
 * deployments (`generate --deployment NAME`) makes their folders, and the shared files for the
 * deployments its output folder serves: those named, those whose folder is there already (an
 * earlier run left it), and those serving an operation whose handler region there holds written
 * code (that code stays where it is, never an orphan while the spec has its operation). So a
 * deployment generated into a folder of its own costs its own work alone.
 *
 * The names the shared files give (a validator, a params constant, a type) depend on the
 * deployments they serve: the first to use a schema names it. So when those deployments change,
 * every deployment whose folder the output holds is made again against the new names; the
 * manifest records them (`serves`) for the next run to compare. A spec edit can move a name too:
 * a deployment the run would leave whose files use a name that moved is made again
 * (withMovedNames, told by the deployment cache).
 */
import type { DeploymentModel, SpecModel } from '../contract/model.ts';
import type { Manifest } from './manifest.ts';

export interface RunScope {
  /** The model the shared files are made from: the deployments they serve. */
  shared: SpecModel;
  /** The deployments whose own folder the run makes. */
  emitted: DeploymentModel[];
  /** The deployment folders the output holds (a run of some deployments only). */
  present?: Set<string>;
  /** What the manifest records as served: undefined when every deployment of the spec is. */
  serves?: string[];
}

/** What the output folder holds that decides the scope. */
export interface FolderFacts {
  /** The names of the folders under `deployments/`. */
  present: Set<string>;
  /** The operations whose handler region holds written code. */
  written: Set<string>;
  /** The manifest of the last run, if any (a manifest without `serves` was made for every deployment). */
  previous?: Manifest;
}

/** The scope of a run of `selected`; `facts` is asked only for a run of some deployments. */
export function runScope(model: SpecModel, selected: DeploymentModel[], facts: () => FolderFacts): RunScope {
  const all = model.deployments;
  if (selected.length === all.length) return { shared: model, emitted: selected };
  const folder = facts();
  const holdsCode = (d: DeploymentModel): boolean =>
    d.routes.some((r) => r.endpoints.some((e) => e.handler === 'custom' && [e.operationId, ...(e.renamedFrom ?? [])].some((id) => folder.written.has(id))));
  const served = all.filter((d) => selected.includes(d) || folder.present.has(d.name) || holdsCode(d));
  const names = served.map((d) => d.name);
  const before = folder.previous === undefined ? undefined : (folder.previous.serves ?? all.map((d) => d.name));
  const unchanged = before !== undefined && before.length === names.length && names.every((name) => before.includes(name));
  const emitted = unchanged ? selected : served.filter((d) => selected.includes(d) || folder.present.has(d.name));
  if (served.length === all.length) return { shared: model, emitted, present: folder.present };
  return { shared: { deployments: served }, emitted, present: folder.present, serves: names };
}

/**
 * The deployments to make: those of the scope, and those of the folder it would leave as they are
 * whose files name a shared name that now names something else (an edit moved it: a route's form
 * another deployment now uses first). `moved` says so for a deployment (the deployment cache, for
 * one whose model and files it recorded); one it cannot tell about is left, as `--deployment`
 * leaves it.
 */
export function withMovedNames(scope: RunScope, moved: (deployment: DeploymentModel) => boolean): DeploymentModel[] {
  const left = scope.shared.deployments.filter((d) => !scope.emitted.includes(d) && scope.present?.has(d.name) && moved(d));
  if (left.length === 0) return scope.emitted;
  return scope.shared.deployments.filter((d) => scope.emitted.includes(d) || left.includes(d));
}
