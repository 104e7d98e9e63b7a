/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Canonical origin, e.g. https://www.example.com (build time). */
  readonly SITE_URL?: string;
  readonly SITE_PHONE?: string;
  readonly SITE_PHONE_E164?: string;
  readonly SITE_EMAIL?: string;
  /** Where brochures and the catalogue are served from when not from this site (build time). */
  readonly BROCHURE_BASE_URL?: string;
}
