import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';
import type { OutputAsset, OutputBundle, OutputChunk } from 'rollup';

/**
 * The first load's waterfall, shortened at build time (docs/decisions/web-client.md, "The first screen"):
 * the active language's catalog chunk is fetched beside the entry script, not after it has run. index.html gets a
 * small script of its own (`async`, first in the head; a file, not inline: the host's Content-Security-Policy
 * allows no inline script) that picks the language as i18n/index.ts `startI18n` does (the device's remembered
 * choice, then the browser's languages, then English) and adds a `modulepreload` for that one catalog: the other
 * languages are never fetched. The chunk names are the build's own (hashed), read from the bundle.
 */
const CATALOG = /\/i18n\/locales\/(\w+)\.ts$/;

export function catalogPreload(): Plugin {
  return {
    name: 'tickets-catalog-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle: OutputBundle | undefined = context.bundle;
        if (!bundle) return html;
        const files: Record<string, string> = {};
        for (const output of Object.values(bundle)) {
          const language = output.type === 'chunk' ? CATALOG.exec((output as OutputChunk).facadeModuleId ?? '') : null;
          if (language) files[language[1]!] = `/${output.fileName}`;
        }
        if (!files.en) throw new Error('catalog preload: no English catalog chunk in the bundle');
        // Kept in step with i18n/index.ts (CHOICE_KEY 'tickets.locale', matchLanguage, chooseLanguage).
        const script =
          `(function(){var f=${JSON.stringify(files)},c;try{c=localStorage.getItem('tickets.locale')}catch(e){}` +
          `var n=navigator,t=[c].concat(n.languages&&n.languages.length?n.languages:[n.language]),l='en';` +
          `for(var i=0;i<t.length;i++){var b=String(t[i]||'').toLowerCase().split(/[-_]/)[0];if(f[b]){l=b;break}}` +
          `var k=document.createElement('link');k.rel='modulepreload';k.href=f[l];document.head.appendChild(k)})()`;
        const fileName = `assets/catalog-preload-${createHash('sha256').update(script).digest('hex').slice(0, 10)}.js`;
        const asset: OutputAsset = {
          type: 'asset',
          fileName,
          name: 'catalog-preload.js',
          names: ['catalog-preload.js'],
          originalFileName: null,
          originalFileNames: [],
          source: script,
          needsCodeReference: false,
        };
        bundle[fileName] = asset;
        return [{ tag: 'script', attrs: { async: true, src: `/${fileName}` }, injectTo: 'head-prepend' }];
      },
    },
  };
}
