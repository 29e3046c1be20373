/**
 * Counts the default deployment's extension endpoints per class (runtime/behaviors/endpoint-classes.ts)
 * and lists those that change nothing anyone can read. `npx tsx bench/extension-endpoints.ts [deployment] [--list]`
 */
import { loadDeployment } from '../runtime/app.ts';
import { classifyEndpoints, countByClass } from '../runtime/behaviors/endpoint-classes.ts';

const name = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 'studio';
const { routes } = await loadDeployment(name);
const items = classifyEndpoints(routes);
console.log(`${name}: ${items.length} extension endpoints`);
console.table(countByClass(items));
const listAll = process.argv.includes('--list');
for (const i of items) if (listAll || i.class === 'changes-nothing') console.log(`${i.class.padEnd(16)} ${i.methods.join(',').padEnd(16)} ${i.route}  (${i.why})`);
