/**
 * `tsx bench/yardstick/seed-cli.ts <data dir> <posts> <site url>`: seeds a specpress data folder
 * with the code of the checkout it runs from (the side-by-side bench runs it in a baseline
 * checkout too, whose schema may differ). Prints the category ids as JSON.
 */
import { seedSpecpress } from './seed.ts';

const [dataDir, count, siteUrl] = process.argv.slice(2);
console.log(JSON.stringify(await seedSpecpress(dataDir, Number(count), siteUrl)));
