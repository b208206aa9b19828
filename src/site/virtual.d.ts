declare module 'virtual:specbench/settings' {
  /** The site's settings, as the plugin resolved them (see `SiteSettings`), with its sidebar group's label. */
  const settings: import('./state.ts').SiteSettings & { label: string };
  export default settings;
}
