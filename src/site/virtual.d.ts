declare module 'virtual:specbench/settings' {
  /** The site's settings, as the plugin resolved them (see `SiteSettings`). */
  export const settings: import('./state.ts').SiteSettings;
  /** The label of the spec's sidebar group, where the spec is part of a site. */
  export const label: string;
}
