import { z } from "zod";
import { EnvError } from "./env.server";

/**
 * What is still decided when the site is built (it is written into the pages and scripts): the phone
 * number and sales address shown on the site, and where brochures are served from. Everything else,
 * SITE_URL included, is read when the server starts. Checked by `vite.config.ts` with the same
 * messages as the server's checks; empty means unset.
 */
export const buildEnvSchema = z.object({
  SITE_PHONE: z.string().trim().min(7, "must be a phone number as visitors should read it").optional(),
  SITE_PHONE_E164: z
    .string()
    .trim()
    .regex(/^\+[1-9]\d{6,14}$/, "must be an E.164 number such as +18005550199")
    .optional(),
  SITE_EMAIL: z.email({ message: "must be an e-mail address" }).optional(),
  BROCHURE_BASE_URL: z
    .url({ protocol: /^https?$/, message: "must be an http(s) URL" })
    .optional()
    .transform((value) => value?.replace(/\/+$/, "")),
});

export type BuildEnv = z.infer<typeof buildEnvSchema>;

export function parseBuildEnv(source: NodeJS.ProcessEnv = process.env): BuildEnv {
  const cleaned = Object.fromEntries(
    Object.keys(buildEnvSchema.shape)
      .map((name) => [name, source[name]] as const)
      .filter(([, value]) => value !== undefined && value !== ""),
  );
  const result = buildEnvSchema.safeParse(cleaned);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`));
  }
  return result.data;
}
