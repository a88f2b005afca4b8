import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { get, parseBicep, toPlain, type BicepFile, type BicepValue } from './bicep-parser';

/**
 * `azd up` and keyless storage and telemetry, checked by structure: no Azure Developer CLI, Bicep compiler or
 * subscription exists on the build machines (CI compiles and lints with `az bicep build`/`lint`). What azd itself
 * does with these files (parameter substitution, hooks, tag lookup, packaging) follows its documentation and the
 * Azure-Samples Functions templates, and is not run here.
 */
const root = path.resolve(__dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const bicep = (file: string) => parseBicep(read(file));

const azd = bicep('infra/azd.bicep');
const main = bicep('infra/main.bicep');
const functionApp = bicep('infra/modules/function-app.bicep');
const monitoring = bicep('infra/modules/monitoring.bicep');
const azureYaml = parseYaml(read('azure.yaml')) as Record<string, any>;
const azdParameters = JSON.parse(read('infra/azd.parameters.json')).parameters as Record<string, { value: string }>;

const text = (value: BicepValue | undefined) =>
  value && 'text' in value ? value.text : value?.kind === 'string' ? value.value : JSON.stringify(value);
const resources = (file: BicepFile, type: string) => file.resources.filter((r) => r.type === type && !r.existing);
const one = <T>(items: T[], what: string): T => {
  if (items.length !== 1) throw new Error(`Expected exactly one ${what}, found ${items.length}`);
  return items[0];
};
const required = (file: BicepFile) => file.params.filter((p) => p.defaultValue === undefined).map((p) => p.name);
const moduleParams = (value: BicepValue) => {
  const params = get(value, 'params');
  return params?.kind === 'object' ? params.entries : {};
};
const appSettings = () => {
  const config = one(resources(functionApp, 'Microsoft.Web/sites/config'), 'appsettings');
  const properties = get(config.value, 'properties');
  return properties?.kind === 'object' ? properties.entries : {};
};
const roleAssignment = (file: BicepFile, roleVar: string) =>
  one(
    resources(file, 'Microsoft.Authorization/roleAssignments').filter((r) =>
      text(get(r.value, 'properties', 'roleDefinitionId')).includes(roleVar),
    ),
    `${roleVar} assignment`,
  );

describe('azure.yaml', () => {
  it('points azd at infra/azd.bicep and its parameters file', () => {
    expect(azureYaml.infra).toEqual({ provider: 'bicep', path: 'infra', module: 'azd' });
    expect(existsSync(path.join(root, 'infra/azd.bicep'))).toBe(true);
    expect(existsSync(path.join(root, 'infra/azd.parameters.json'))).toBe(true);
  });

  it('deploys two services: the function app from the staged production package, and the web client', () => {
    expect(Object.keys(azureYaml.services)).toEqual(['api', 'web']);
    const api = azureYaml.services.api;
    expect(api).toMatchObject({ project: '.', language: 'ts', host: 'function', dist: '.deploy' });
    for (const shell of ['posix', 'windows']) {
      expect(api.hooks.prepackage[shell].run).toMatch(/npm run build.*node infra\/stage\.mjs \.deploy/);
    }
    expect(read('.gitignore')).toMatch(/^\.deploy\/$/m);
  });

  it('runs a preprovision hook that exists, for both shells (the sh one executable)', () => {
    const hooks = azureYaml.hooks.preprovision;
    for (const shell of ['posix', 'windows']) {
      expect(existsSync(path.join(root, hooks[shell].run))).toBe(true);
      expect(hooks[shell].continueOnError).toBe(false);
    }
    expect(statSync(path.join(root, hooks.posix.run)).mode & 0o111).not.toBe(0);
    const script = read(hooks.posix.run);
    expect(script).toMatch(/azd env set JWT_SECRET/);
    // generated once per environment as keys.ts reads it: PKCS#8 DER, base64
    for (const shell of ['posix', 'windows']) {
      const hook = read(hooks[shell].run);
      expect(hook).toMatch(/azd env set TICKET_SIGNING_KEY /);
      expect(hook).toMatch(
        /generateKeyPairSync\('ed25519'\)\.privateKey\.export\(\{ format: 'der', type: 'pkcs8' \}\)/,
      );
      expect(hook).toMatch(/\.toString\('base64'\)/);
    }
    expect(script).toMatch(/SUPER_ADMIN_EMAILS/);
  });
});

describe('infra/azd.bicep', () => {
  it('is subscription-scoped with the parameters azd fills', () => {
    expect(azd.targetScope).toBe('subscription');
    expect(azdParameters.environmentName.value).toBe('${AZURE_ENV_NAME}');
    expect(azdParameters.location.value).toBe('${AZURE_LOCATION}');
    expect(azdParameters.principalId.value).toBe('${AZURE_PRINCIPAL_ID}');
    const location = one(
      azd.params.filter((p) => p.name === 'location'),
      'location param',
    );
    expect(location.decorators.find((d) => d.name === 'metadata')?.args).toMatch(/azd:\s*\{\s*type:\s*'location'/);
  });

  it('maps every parameter without a default from the azd environment, and nothing else', () => {
    for (const name of required(azd)) expect({ name, mapped: name in azdParameters }).toEqual({ name, mapped: true });
    const declared = new Set(azd.params.map((p) => p.name));
    expect(Object.keys(azdParameters).filter((name) => !declared.has(name))).toEqual([]);
    for (const [name, { value }] of Object.entries(azdParameters)) {
      expect({ name, value }).toEqual({ name, value: expect.stringMatching(/^\$\{[A-Z][A-Z0-9_]*(=[^}]*)?\}$/) });
    }
  });

  it('creates the resource group tagged azd-env-name and deploys main.bicep into it with the same tags', () => {
    const group = one(resources(azd, 'Microsoft.Resources/resourceGroups'), 'resource group');
    expect(text(get(group.value, 'tags'))).toBe('tags');
    const tags = azd.vars.tags;
    expect(tags.kind === 'object' && text(tags.entries['azd-env-name'])).toBe('environmentName');
    const app = one(
      azd.modules.filter((m) => m.path === 'main.bicep'),
      'main module',
    );
    expect(text(get(app.value, 'scope'))).toBe(group.symbol);
    const passed = moduleParams(app.value);
    expect(text(passed.tags)).toBe('tags');
    expect(text(passed.principalId)).toBe('principalId');
    // main.bicep gets every parameter it requires, and only parameters it declares
    for (const name of required(main)) expect({ name, passed: name in passed }).toEqual({ name, passed: true });
    const declared = new Set(main.params.map((p) => p.name));
    expect(Object.keys(passed).filter((name) => !declared.has(name))).toEqual([]);
  });
});

describe('main.bicep for both paths', () => {
  it('still takes what the GitHub workflow passes, and its parameters file', () => {
    const declared = new Set(main.params.map((p) => p.name));
    const workflow = read('.github/workflows/deploy.yml');
    const passed = [...workflow.matchAll(/\b([a-zA-Z]+)="\$[A-Z_]+"/g)].map((m) => m[1]);
    expect(passed).toEqual(
      expect.arrayContaining([
        'jwtSecret',
        'ticketSigningKey',
        'ticketSigningKeyId',
        'ticketVerifyKeys',
        'superAdminEmails',
        'appBaseUrl',
        'corsOrigins',
        'alertEmail',
      ]),
    );
    expect(workflow).toContain('TICKET_SIGNING_KEY: ${{ secrets.TICKET_SIGNING_KEY }}');
    expect(workflow).toContain("TICKET_SIGNING_KEY_ID: ${{ vars.TICKET_SIGNING_KEY_ID || 'k1' }}");
    expect(passed.filter((name) => !declared.has(name))).toEqual([]);
    const fileParams = Object.keys(JSON.parse(read('infra/main.parameters.json')).parameters);
    expect(fileParams.filter((name) => !declared.has(name))).toEqual([]);
    // the workflow passes no principal and no tags: both optional
    for (const name of ['principalId', 'tags']) expect(required(main)).not.toContain(name);
  });

  it('passes the tags to every module that takes them', () => {
    for (const module of main.modules) {
      const takes = bicep(`infra/${module.path}`).params.some((p) => p.name === 'tags');
      if (takes)
        expect({ module: module.symbol, tags: text(moduleParams(module.value).tags) }).toEqual({
          module: module.symbol,
          tags: 'tags',
        });
    }
  });

  it('tags every top-level resource it creates', () => {
    const files = readdirSync(path.join(root, 'infra/modules')).map((f) => `infra/modules/${f}`);
    for (const file of files) {
      for (const resource of bicep(file).resources) {
        const topLevel = resource.type.split('/').length === 2 && !resource.type.startsWith('Microsoft.Authorization/');
        if (resource.existing || !topLevel) continue;
        expect({ file, resource: resource.symbol, tagged: text(get(resource.value, 'tags')) }).toEqual({
          file,
          resource: resource.symbol,
          tagged: expect.stringMatching(/\btags\b/),
        });
      }
    }
  });

  it('tags the function app with the azd service name of azure.yaml', () => {
    const site = one(resources(functionApp, 'Microsoft.Web/sites'), 'function app');
    expect(text(get(site.value, 'tags'))).toBe("union(tags, { 'azd-service-name': serviceName })");
    const serviceName = functionApp.params.find((p) => p.name === 'serviceName');
    expect(toPlain(serviceName?.defaultValue)).toBe(Object.keys(azureYaml.services)[0]);
  });

  it('gives the deploying principal the Cosmos DB data role only when one is given', () => {
    const deployer = one(
      main.modules.filter((m) => m.path === 'modules/cosmos-access.bicep' && m.condition),
      'deployer access',
    );
    expect(deployer.condition).toBe('!empty(principalId)');
    expect(text(moduleParams(deployer.value).principalId)).toBe('principalId');
    expect(toPlain(main.params.find((p) => p.name === 'principalId')?.defaultValue)).toBe('');
  });
});

describe('storage reached by identity', () => {
  const storage = one(resources(functionApp, 'Microsoft.Storage/storageAccounts'), 'storage account');

  it('turns shared-key access off', () => {
    expect(toPlain(get(storage.value, 'properties', 'allowSharedKeyAccess'))).toBe(false);
    expect(toPlain(get(storage.value, 'properties', 'allowBlobPublicAccess'))).toBe(false);
  });

  it('configures AzureWebJobsStorage by account name and managed identity, never a connection string', () => {
    const settings = appSettings();
    expect(text(settings.AzureWebJobsStorage__accountName)).toBe('storage.name');
    expect(toPlain(settings.AzureWebJobsStorage__credential)).toBe('managedidentity');
    expect(settings.AzureWebJobsStorage).toBeUndefined();
    for (const file of [
      'infra/main.bicep',
      ...readdirSync(path.join(root, 'infra/modules')).map((f) => `infra/modules/${f}`),
    ]) {
      expect({ file, keys: /listKeys\(\)[^\n]*storage|AccountKey=/i.test(read(file)) }).toEqual({ file, keys: false });
    }
  });

  it('grants the app identity Storage Blob Data Owner on the account', () => {
    expect(toPlain(functionApp.vars.storageBlobDataOwner)).toBe('b7e6dc6d-f1e8-4753-8033-0f276bb0955b');
    const grant = roleAssignment(functionApp, 'storageBlobDataOwner');
    expect(text(get(grant.value, 'scope'))).toBe('storage');
    expect(text(get(grant.value, 'properties', 'principalId'))).toBe('app.identity.principalId');
  });
});

describe('Application Insights without local auth', () => {
  it('disables local (key) authentication', () => {
    const insights = one(resources(monitoring, 'Microsoft.Insights/components'), 'Application Insights');
    expect(toPlain(get(insights.value, 'properties', 'DisableLocalAuth'))).toBe(true);
  });

  it('lets the app identity publish (Monitoring Metrics Publisher) and says so in the settings, after the grant', () => {
    expect(toPlain(functionApp.vars.monitoringMetricsPublisher)).toBe('3913510d-42f4-4e42-8a64-420c390055eb');
    const grant = roleAssignment(functionApp, 'monitoringMetricsPublisher');
    expect(text(get(grant.value, 'scope'))).toBe('insights');
    expect(text(get(grant.value, 'properties', 'principalId'))).toBe('app.identity.principalId');
    expect(toPlain(appSettings().APPLICATIONINSIGHTS_AUTHENTICATION_STRING)).toBe('Authorization=AAD');
    const config = one(resources(functionApp, 'Microsoft.Web/sites/config'), 'appsettings');
    expect(text(get(config.value, 'dependsOn'))).toContain(grant.symbol);
  });
});

describe('CI', () => {
  it('compiles and lints both entry points with the Bicep CLI', () => {
    const ci = read('.github/workflows/ci.yml');
    for (const file of ['infra/main.bicep', 'infra/azd.bicep']) {
      expect(ci).toContain(`az bicep build --file ${file}`);
      expect(ci).toContain(`az bicep lint --file ${file}`);
    }
  });
});

describe('the web client on Azure (Static Web App)', () => {
  const swa = bicep('infra/modules/static-web-app.bicep');

  it('is a Static Web App tagged azd-service-name web, deployed from an artifact', () => {
    const site = one(resources(swa, 'Microsoft.Web/staticSites'), 'static site');
    expect(text(get(site.value, 'tags'))).toContain("'azd-service-name': 'web'");
    expect(text(get(site.value, 'properties', 'provider'))).toBe('Custom');
    const web = one(
      main.modules.filter((m) => m.path === 'modules/static-web-app.bicep'),
      'static web app module',
    );
    expect(web.condition).toBe('deployWebClient');
    expect(text(moduleParams(web.value).tags)).toBe('tags');
  });

  it("adds its origin to the function app's CORS_ORIGINS and makes it APP_BASE_URL unless one is given", () => {
    const app = one(
      main.modules.filter((m) => m.path === 'modules/function-app.bicep'),
      'function app module',
    );
    const passed = moduleParams(app.value);
    expect(text(passed.corsOrigins)).toBe('effectiveCorsOrigins');
    expect(text(passed.appBaseUrl)).toBe('effectiveAppBaseUrl');
    expect(text(main.vars.webOrigin)).toContain('staticWebApp.outputs.origin');
    expect(text(main.vars.effectiveCorsOrigins)).toMatch(/webOrigin, corsOrigins/);
    expect(text(main.vars.effectiveAppBaseUrl)).toMatch(/empty\(appBaseUrl\) \? webOrigin : appBaseUrl/);
    // azd leaves both empty by default, so the Static Web App's URL is used
    expect(azdParameters.appBaseUrl.value).toBe('${APP_BASE_URL=}');
  });

  it('is built against the function app (VITE_API_BASE_URL) and uploaded from web/dist by azd and the workflow', () => {
    const web = azureYaml.services.web;
    expect(web).toMatchObject({ host: 'staticwebapp', dist: 'web/dist' });
    expect(web.hooks.prepackage.posix.run).toMatch(/VITE_API_BASE_URL="\$FUNCTION_APP_URL" npm run web:build/);
    expect(web.hooks.prepackage.windows.run).toMatch(/VITE_API_BASE_URL = \$env:FUNCTION_APP_URL; npm run web:build/);
    expect(azd.outputs.map((o) => o.name)).toEqual(expect.arrayContaining(['FUNCTION_APP_URL', 'WEB_URL']));
    const workflow = read('.github/workflows/deploy.yml');
    expect(workflow).toMatch(/VITE_API_BASE_URL: \$\{\{ steps\.infra\.outputs\.function_app_url \}\}/);
    expect(workflow).toMatch(
      /Azure\/static-web-apps-deploy@v1[\s\S]*app_location: web\/dist[\s\S]*skip_app_build: true/,
    );
  });

  it('routes every page address to index.html (staticwebapp.config.json, copied into the build)', () => {
    const config = JSON.parse(read('web/public/staticwebapp.config.json'));
    expect(config.navigationFallback.rewrite).toBe('/index.html');
    expect(config.navigationFallback.exclude).toContain('/assets/*');
  });
});
