/** The address of each language's catalog (web/catalog-assets.ts). */
declare module 'virtual:catalog-urls' {
  const urls: Record<'en' | 'de' | 'fi', string>;
  export default urls;
}
