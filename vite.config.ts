import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// Build-time public settings: baked into the prerendered HTML and the client bundle.
const publicEnv = {
  SITE_URL: (process.env.SITE_URL || "http://localhost:3000").replace(/\/+$/, ""),
  SITE_PHONE: process.env.SITE_PHONE ?? "",
  SITE_PHONE_E164: process.env.SITE_PHONE_E164 ?? "",
  SITE_EMAIL: process.env.SITE_EMAIL ?? "",
  BROCHURE_BASE_URL: (process.env.BROCHURE_BASE_URL ?? "").replace(/\/+$/, ""),
};

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  define: Object.fromEntries(
    Object.entries(publicEnv).map(([key, value]) => [`import.meta.env.${key}`, JSON.stringify(value)]),
  ),
  build: { assetsInlineLimit: 0 },
});
