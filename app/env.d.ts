/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly SITE_PHONE?: string;
  readonly SITE_PHONE_E164?: string;
  readonly SITE_EMAIL?: string;
  /** Where brochures and the catalogue are served from when not from this site (build time). */
  readonly BROCHURE_BASE_URL?: string;
}
