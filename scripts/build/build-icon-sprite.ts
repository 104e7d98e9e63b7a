/**
 * `npm run icons`: writes app/components/icons/icons.svg, the sprite of every icon in
 * app/components/icons/icon-set.ts. Run it after changing that list; a unit test fails until then.
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { renderSprite } from "~/components/icons/sprite.server";

const file = fileURLToPath(new URL("../../app/components/icons/icons.svg", import.meta.url));
writeFileSync(file, renderSprite());
console.info(`wrote ${file}`);
