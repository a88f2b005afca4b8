import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { COMPOSITE_INDEXES, CONTAINERS, type ContainerName } from '../../shared/store/client';
import { get, parseBicep, toPlain, type BicepFile, type BicepValue } from './bicep-parser';

/**
 * The Bicep templates cannot be compiled here (no Bicep CLI on the build machines; CI runs `az bicep build`).
 * This test reads them with a small parser and proves they agree with the code: the store's containers, partition
 * keys, TTL and composite indexes, every setting the code reads, and the secret handling.
 */

const root = path.resolve(__dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const bicep = (file: string) => parseBicep(read(file));

const main = bicep('infra/main.bicep');
const cosmos = bicep('infra/modules/cosmos.bicep');
const functionApp = bicep('infra/modules/function-app.bicep');
const bicepFiles = [
  'infra/main.bicep',
  ...readdirSync(path.join(root, 'infra/modules')).map((f) => `infra/modules/${f}`),
];

/**
 * Settings the code reads that the function app deliberately does not set, each with the reason. A setting missing
 * from both this list and function-app.bicep fails the test.
 */
const OPTIONAL_SETTINGS: Record<string, string> = {
  COSMOS_KEY: 'keyless on Azure: the managed identity has the Cosmos DB Built-in Data Contributor role',
  COSMOS_CREATE_CONTAINERS: 'the Bicep templates create the containers; data-plane RBAC cannot',
  OUTBOX_FILE: 'local e-mail outbox, only used when ACS is not configured (never on Azure)',
  BODY_LIMIT_BYTES: 'the 1 MiB default is the production value',
  DASHBOARD_PAGE_SIZE: 'the 10,000-document page default is the production value',
  TELEMETRY_STDOUT: 'local console telemetry switch; Application Insights is used on Azure',
  FUNCTIONS_WORKER_RUNTIME:
    'set by the Functions platform where it applies; Flex Consumption refuses it as an app setting',
  STORE_REQUEST_TIMEOUT_MS: 'the 3 s default is the production value (docs/decisions/runtime.md)',
  STORE_CALL_DEADLINE_MS: 'the 8 s backstop default is the production value',
  COSMOS_ENDPOINT_DISCOVERY: 'off by default so a dead region fails in seconds; set true only for multi-region',
  LOCAL_DATA_FILE: 'local host only: keeps the embedded store across restarts (never on Azure)',
  AZURE_FUNCTIONS_ENVIRONMENT:
    'Core Tools sets Development locally; on Azure it means nothing to the code (onAzure wins)',
  WEBSITE_INSTANCE_ID: 'set by the platform on every instance; the code reads it to know it runs on Azure',
};

/** App settings read by the Functions platform rather than by our code. */
const PLATFORM_SETTINGS = new Set(['AzureWebJobsStorage__accountName', 'AzureWebJobsStorage__credential']);

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

/** `process.env.X`, `env.X`, `env['X']` in shared/ and functions/ (the code that runs in the function app). */
function settingsReadByCode(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const pattern = /\benv(?:\.([A-Z][A-Z0-9_]*)\b|\[\s*['"`]([A-Z][A-Z0-9_]*)['"`]\s*\])/g;
  for (const file of [...sourceFiles('shared'), ...sourceFiles('functions')]) {
    for (const match of read(file).matchAll(pattern)) {
      const name = match[1] ?? match[2];
      found.set(name, [...(found.get(name) ?? []), file]);
    }
  }
  return found;
}

const resourcesOf = (file: BicepFile, type: string) => file.resources.filter((r) => r.type === type && !r.existing);
const only = <T>(items: T[], what: string): T => {
  if (items.length !== 1) throw new Error(`Expected exactly one ${what}, found ${items.length}`);
  return items[0];
};
const text = (value: BicepValue | undefined) =>
  value && 'text' in value ? value.text : value?.kind === 'string' ? value.value : JSON.stringify(value);

function appSettings(): Record<string, BicepValue> {
  const config = only(
    resourcesOf(functionApp, 'Microsoft.Web/sites/config').filter(
      (r) => toPlain(get(r.value, 'name')) === 'appsettings',
    ),
    'appsettings resource',
  );
  const properties = get(config.value, 'properties');
  if (properties?.kind !== 'object') throw new Error('appsettings properties must be a literal object');
  return properties.entries;
}

describe('the Bicep parser', () => {
  it('reads params, decorators, vars, resources, for-expressions and calls', () => {
    const parsed = parseBicep(`
      // comment
      @secure()
      @minLength(32)
      param secret string
      param name string = 'x-\${uniqueString('a')}'
      var list = [
        { name: 'a', ttl: -1 }
        { name: 'b', ttl: null }
      ]
      resource store 'Microsoft.Storage/storageAccounts@2023-05-01' existing = { name: name }
      resource many 'A/b@1' = [for item in list: { name: item.name, properties: union({ x: 1 }, item.ttl ? {} : {}) }]
      output url string = 'https://\${name}'
    `);
    expect(parsed.params.map((p) => [p.name, p.decorators.map((d) => d.name), p.defaultValue?.kind])).toEqual([
      ['secret', ['secure', 'minLength'], undefined],
      ['name', [], 'string'],
    ]);
    expect(toPlain(parsed.vars.list)).toEqual([
      { name: 'a', ttl: -1 },
      { name: 'b', ttl: null },
    ]);
    expect(parsed.resources.map((r) => [r.symbol, r.type, r.apiVersion, r.existing])).toEqual([
      ['store', 'Microsoft.Storage/storageAccounts', '2023-05-01', true],
      ['many', 'A/b', '1', false],
    ]);
    const many = parsed.resources[1].value;
    expect(many.kind === 'for' && [many.variable, many.iterable]).toEqual(['item', 'list']);
    const union = many.kind === 'for' ? get(many.body, 'properties') : undefined;
    expect(union?.kind === 'call' && [union.name, toPlain(union.args[0]), text(union.args[1])]).toEqual([
      'union',
      { x: 1 },
      'item.ttl ? {} : {}',
    ]);
    expect(parsed.outputs[0]).toMatchObject({ name: 'url', type: 'string' });
  });

  it('refuses syntax it does not know instead of guessing', () => {
    expect(() => parseBicep('provider foo')).toThrow(/Unknown statement/);
    expect(() => parseBicep("var x = { a: 'b'")).toThrow();
  });

  it('parses every template of infra/', () => {
    for (const file of bicepFiles) expect(() => bicep(file)).not.toThrow();
  });
});

describe('Cosmos DB containers match shared/store/client.ts', () => {
  const table = toPlain(cosmos.vars.containers, cosmos.vars) as {
    name: string;
    partitionKey: string;
    ttl: boolean;
    composite: unknown;
  }[];
  const resource = only(
    resourcesOf(cosmos, 'Microsoft.DocumentDB/databaseAccounts/sqlDatabases/containers'),
    'container resource',
  );

  it('declares exactly the containers of the store', () => {
    expect(table.map((c) => c.name).sort()).toEqual(Object.keys(CONTAINERS).sort());
  });

  it.each(Object.keys(CONTAINERS) as ContainerName[])('%s: partition key, TTL and composite indexes', (name) => {
    const declared = table.find((c) => c.name === name);
    expect(declared?.partitionKey).toBe(CONTAINERS[name].path);
    expect(declared?.ttl).toBe(CONTAINERS[name].ttl);
    expect(declared?.composite).toEqual(COMPOSITE_INDEXES[name] ?? []);
  });

  it('creates one container per table row with that partition key, defaultTtl -1 and those indexes', () => {
    expect(resource.value.kind).toBe('for');
    if (resource.value.kind !== 'for') return;
    expect(resource.value.iterable).toBe('containers');
    const c = resource.value.variable;
    const definition = get(resource.value.body, 'properties', 'resource');
    // union(<the container>, <c>.ttl ? { defaultTtl: -1 } : {})
    expect(definition?.kind === 'call' && definition.name).toBe('union');
    if (definition?.kind !== 'call') return;
    const [container, ttl] = definition.args;
    expect(text(get(container, 'id'))).toBe(`${c}.name`);
    expect(text(only(toPlainArray(get(container, 'partitionKey', 'paths')), 'partition key path'))).toBe(
      `${c}.partitionKey`,
    );
    expect(text(get(container, 'indexingPolicy', 'compositeIndexes'))).toBe(`${c}.composite`);
    expect(text(ttl).replace(/\s+/g, ' ')).toBe(`${c}.ttl ? { defaultTtl: -1 } : {}`);
  });
});

function toPlainArray(value: BicepValue | undefined): BicepValue[] {
  if (value?.kind !== 'array') throw new Error(`Not an array: ${JSON.stringify(value)}`);
  return value.items;
}

describe('app settings cover every setting the code reads', () => {
  const codeSettings = settingsReadByCode();
  const settings = appSettings();

  it('finds the settings the code reads (the scan works)', () => {
    expect([...codeSettings.keys()]).toEqual(
      expect.arrayContaining(['COSMOS_ENDPOINT', 'JWT_SECRET', 'TICKET_SIGNING_KEY', 'EMAIL_SENDER']),
    );
  });

  it('sets each one in function-app.bicep or lists it as optional with a reason', () => {
    const missing = [...codeSettings.keys()].filter((name) => !(name in settings) && !(name in OPTIONAL_SETTINGS));
    expect(missing).toEqual([]);
  });

  it('keeps the optional list honest: still read by the code, not also set', () => {
    for (const name of Object.keys(OPTIONAL_SETTINGS)) {
      expect({ name, read: codeSettings.has(name), set: name in settings }).toEqual({ name, read: true, set: false });
    }
  });

  it('sets nothing the code does not read, apart from the platform settings', () => {
    const unread = Object.keys(settings).filter((name) => !codeSettings.has(name) && !PLATFORM_SETTINGS.has(name));
    expect(unread).toEqual([]);
  });

  it('takes the secrets from Key Vault references and the sender from the e-mail module', () => {
    for (const name of ['JWT_SECRET', 'TICKET_SIGNING_KEY', 'ACS_CONNECTION_STRING']) {
      expect(text(settings[name])).toMatch(/^keyVaultReference\(\w+\)$/);
    }
    expect(read('infra/modules/function-app.bicep')).toMatch(
      /func keyVaultReference\(secretUri string\) string => '@Microsoft\.KeyVault\(SecretUri=\$\{secretUri\}\)'/,
    );
    expect(text(settings.EMAIL_SENDER)).toBe('emailSender');
    const functionAppModule = only(
      main.modules.filter((m) => m.path === 'modules/function-app.bicep'),
      'function app module',
    );
    expect(text(get(functionAppModule.value, 'params', 'emailSender'))).toBe('email.outputs.senderAddress');
    expect(text(get(functionAppModule.value, 'params', 'jwtSecretUri'))).toBe('keyVault.outputs.jwtSecretUri');
    expect(text(settings.TICKET_SIGNING_KEY)).toBe('keyVaultReference(ticketSigningKeyUri)');
    expect(text(get(functionAppModule.value, 'params', 'ticketSigningKeyUri'))).toBe(
      'keyVault.outputs.ticketSigningKeyUri',
    );
    const keyVaultModule = only(
      main.modules.filter((m) => m.path === 'modules/key-vault.bicep'),
      'key vault module',
    );
    expect(text(get(keyVaultModule.value, 'params', 'jwtSecret'))).toBe('jwtSecret');
    expect(text(get(keyVaultModule.value, 'params', 'ticketSigningKey'))).toBe('ticketSigningKey');
  });

  it('sets the ticket key id and the earlier public keys as plain settings from parameters (default k1, none)', () => {
    expect(text(settings.TICKET_SIGNING_KEY_ID)).toBe('ticketSigningKeyId');
    expect(text(settings.TICKET_VERIFY_KEYS)).toBe('ticketVerifyKeys');
    for (const file of [main, functionApp]) {
      expect(toPlain(file.params.find((p) => p.name === 'ticketSigningKeyId')?.defaultValue)).toBe('k1');
      expect(toPlain(file.params.find((p) => p.name === 'ticketVerifyKeys')?.defaultValue)).toBe('');
    }
    const functionAppModule = only(
      main.modules.filter((m) => m.path === 'modules/function-app.bicep'),
      'function app module',
    );
    expect(text(get(functionAppModule.value, 'params', 'ticketSigningKeyId'))).toBe('ticketSigningKeyId');
    expect(text(get(functionAppModule.value, 'params', 'ticketVerifyKeys'))).toBe('ticketVerifyKeys');
  });

  it('names every setting the code and the scripts read in docs/deploy.md "Settings"', () => {
    const deployDoc = read('docs/deploy.md');
    const section = deployDoc.slice(deployDoc.indexOf('## Settings'), deployDoc.indexOf('## Costs at rest'));
    const scripts = new Set<string>();
    for (const file of sourceFiles('scripts')) {
      for (const match of read(file).matchAll(/\benv\.([A-Z][A-Z0-9_]*)\b/g)) scripts.add(match[1]);
    }
    const all = [...new Set([...codeSettings.keys(), ...scripts, ...Object.keys(settings)])];
    expect(all.filter((name) => !section.includes(`\`${name}\``))).toEqual([]);
  });

  it('leaves the platform CORS empty (the app answers CORS and exposes its headers)', () => {
    const site = only(resourcesOf(functionApp, 'Microsoft.Web/sites'), 'function app');
    expect(toPlain(get(site.value, 'properties', 'siteConfig', 'cors', 'allowedOrigins'))).toEqual([]);
  });
});

describe('secrets', () => {
  const files = bicepFiles.map((file) => ({ file, parsed: bicep(file) }));
  const secretName = /secret|password|token|connectionstring|key$/i;

  it('marks every secret-looking parameter @secure()', () => {
    const params = files.flatMap(({ file, parsed }) => parsed.params.map((p) => ({ file, ...p })));
    const secretParams = params.filter((p) => secretName.test(p.name) && !/uri$/i.test(p.name));
    expect(secretParams.length).toBeGreaterThan(0);
    for (const p of secretParams) {
      expect({ param: `${p.file}:${p.name}`, secure: p.decorators.some((d) => d.name === 'secure') }).toEqual({
        param: `${p.file}:${p.name}`,
        secure: true,
      });
    }
  });

  it('requires the JWT secret: secure, at least 32 characters, no default', () => {
    const jwt = only(
      main.params.filter((p) => p.name === 'jwtSecret'),
      'jwtSecret param',
    );
    expect(jwt.decorators.map((d) => `${d.name}(${d.args})`)).toEqual(
      expect.arrayContaining(['secure()', 'minLength(32)']),
    );
    expect(jwt.defaultValue).toBeUndefined();
  });

  it('requires the ticket signing key: secure, an Ed25519 PKCS#8 key long (64), no default, in both entry points', () => {
    for (const file of [main, bicep('infra/azd.bicep'), bicep('infra/modules/key-vault.bicep')]) {
      const key = only(
        file.params.filter((p) => p.name === 'ticketSigningKey'),
        'ticketSigningKey param',
      );
      expect(key.decorators.map((d) => `${d.name}(${d.args})`)).toEqual(
        expect.arrayContaining(['secure()', 'minLength(64)']),
      );
      expect(key.defaultValue).toBeUndefined();
    }
  });

  it('puts no secret in a parameter file', () => {
    const secure = new Set(main.params.filter((p) => p.decorators.some((d) => d.name === 'secure')).map((p) => p.name));
    const parameterFiles = readdirSync(path.join(root, 'infra')).filter((f) => /parameters.*\.json$/.test(f));
    expect(parameterFiles.length).toBeGreaterThan(0);
    for (const file of parameterFiles) {
      const { parameters } = JSON.parse(read(`infra/${file}`)) as {
        parameters: Record<string, { value?: unknown; reference?: unknown }>;
      };
      for (const [name, entry] of Object.entries(parameters)) {
        const value = typeof entry.value === 'string' ? entry.value : JSON.stringify(entry.value ?? '');
        // An azd environment reference (`${JWT_SECRET}`, azd.parameters.json) names a value kept outside the repository.
        const literal = entry.value !== undefined && !/^\$\{[A-Z][A-Z0-9_]*\}$/.test(value);
        const findings = {
          secureParam: secure.has(name) && literal,
          secretName: secretName.test(name) && literal,
          // long unbroken token-like values (keys, base64, hex) do not belong in the repository
          secretValue: /^[A-Za-z0-9+/=_-]{24,}$/.test(value) || /AccountKey=|SharedAccessKey=|accesskey=/i.test(value),
        };
        expect({ file, name, ...findings }).toEqual({
          file,
          name,
          secureParam: false,
          secretName: false,
          secretValue: false,
        });
      }
    }
  });

  it('outputs no secret', () => {
    for (const { file, parsed } of files) {
      for (const output of parsed.outputs) {
        expect({ file, output: output.name, text: text(output.value) }).not.toEqual(
          expect.objectContaining({
            text: expect.stringMatching(/list(Keys|ConnectionStrings|Secrets)\(|jwtSecret\b|ticketSigningKey\b/),
          }),
        );
      }
    }
  });

  it('keeps them in a Key Vault with RBAC authorization and soft delete, readable by the app identity', () => {
    const vaultFile = bicep('infra/modules/key-vault.bicep');
    const vault = only(resourcesOf(vaultFile, 'Microsoft.KeyVault/vaults'), 'Key Vault');
    expect(toPlain(get(vault.value, 'properties', 'enableRbacAuthorization'))).toBe(true);
    expect(toPlain(get(vault.value, 'properties', 'enableSoftDelete'))).toBe(true);
    expect(get(vault.value, 'properties', 'accessPolicies')).toBeUndefined();
    const secretNames = files.flatMap(({ parsed }) =>
      resourcesOf(parsed, 'Microsoft.KeyVault/vaults/secrets').map((r) => toPlain(get(r.value, 'name'))),
    );
    expect(secretNames.sort()).toEqual(['acs-connection-string', 'jwt-secret', 'ticket-signing-key']);

    // Key Vault Secrets User, a built-in role id
    expect(toPlain(functionApp.vars.keyVaultSecretsUser)).toBe('4633458b-17de-408a-b874-0445c86b69e6');
    const grant = only(
      resourcesOf(functionApp, 'Microsoft.Authorization/roleAssignments').filter((r) =>
        text(get(r.value, 'properties', 'roleDefinitionId')).includes('keyVaultSecretsUser'),
      ),
      'Key Vault Secrets User assignment',
    );
    expect(text(get(grant.value, 'scope'))).toBe('vault');
    expect(text(get(grant.value, 'properties', 'principalId'))).toBe('app.identity.principalId');
  });
});

describe('outputs and monitoring', () => {
  it('outputs the app name, URL and Key Vault name; the workflow reads the app name from them', () => {
    expect(main.outputs.map((o) => o.name)).toEqual(
      expect.arrayContaining(['functionAppName', 'functionAppUrl', 'keyVaultName']),
    );
    expect(read('.github/workflows/deploy.yml')).toContain('.functionAppName.value');
  });

  it('alerts on server errors and on a failing availability test of /api/health', () => {
    const alerts = bicep('infra/modules/alerts.bicep');
    const metricAlerts = resourcesOf(alerts, 'Microsoft.Insights/metricAlerts').map((r) => r.value);
    const metricNames = metricAlerts.flatMap((a) => {
      const allOf = get(a, 'properties', 'criteria', 'allOf');
      return allOf?.kind === 'array' ? allOf.items.map((c) => toPlain(get(c, 'metricName'))) : [];
    });
    expect(metricNames).toContain('Http5xx');

    const webTest = only(resourcesOf(alerts, 'Microsoft.Insights/webtests'), 'availability test');
    expect(toPlain(get(webTest.value, 'kind'))).toBe('standard');
    expect(text(get(webTest.value, 'properties', 'Request', 'RequestUrl'))).toMatch(/\/api\/health$/);
    const availability = metricAlerts.filter(
      (a) =>
        toPlain(get(a, 'properties', 'criteria', 'odata.type')) ===
        'Microsoft.Azure.Monitor.WebtestLocationAvailabilityCriteria',
    );
    expect(availability.map((a) => text(get(a, 'properties', 'criteria', 'webTestId')))).toEqual([
      `${webTest.symbol}.id`,
    ]);
  });
});
