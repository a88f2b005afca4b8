/** The address of each language's catalog, by the name of its folder in locales/ (web/catalog-assets.ts). */
declare module 'virtual:catalog-urls' {
  const urls: Readonly<Record<string, string | undefined>>;
  export default urls;
}
