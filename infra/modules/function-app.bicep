// Linux Function App on the Flex Consumption plan, Node 22, system-assigned identity. Every app setting the
// code reads is listed here (tests/infra/bicep.test.ts checks this file against the code). Secrets are Key Vault
// references, resolved by the platform through the app's identity; storage and Application Insights take the
// identity too (no keys).
param name string
param storageName string
param location string
param tags object = {}
@description('The service name in azure.yaml: azd finds the app to deploy to by its azd-service-name tag.')
param serviceName string = 'api'
@description('Application Insights (local auth off): the app\'s identity publishes to it.')
param appInsightsName string
@secure()
@description('Holds the ingestion key of Application Insights: not a credential for reading data, still kept out of logs.')
param appInsightsConnectionString string
param keyVaultName string
param jwtSecretUri string
param ticketSigningKeyUri string
@description('Key id written into every new ticket code (TICKET_SIGNING_KEY_ID); a new id with each new key.')
param ticketSigningKeyId string = 'k1'
@description('Earlier public keys still accepted, `kid=base64 SPKI`, comma-separated (TICKET_VERIFY_KEYS); not secret.')
param ticketVerifyKeys string = ''
param acsConnectionStringSecretUri string
param emailSender string
param cosmosEndpoint string
param cosmosDatabase string
param appBaseUrl string
@description('Comma-separated browser origins; the app answers CORS itself (platform CORS stays empty).')
param corsOrigins string
param superAdminEmails string
param sharedEventsEnabled bool
@description('Comma-separated organization ids allowed to use Shared Events; empty allows every organization.')
param sharedEventsOrgAllowlist string = ''
param delegatedMemberOrderingEnabled bool
param delegatedMemberCatalogEnabled bool

// The host's storage (AzureWebJobsStorage: the timer's locks and schedule status, the deployment package), reached
// with the app's identity only: shared keys are off, so no connection string with a key exists anywhere.
resource storage 'Microsoft.Storage/storageAccounts@2023-05-01' = {
  name: storageName
  location: location
  tags: tags
  sku: { name: 'Standard_LRS' }
  kind: 'StorageV2'
  properties: {
    minimumTlsVersion: 'TLS1_2'
    allowBlobPublicAccess: false
    allowSharedKeyAccess: false
    supportsHttpsTrafficOnly: true
    dnsEndpointType: 'Standard'
    publicNetworkAccess: 'Enabled'
    networkAcls: { defaultAction: 'Allow', bypass: 'AzureServices' }
  }
}

resource deployments 'Microsoft.Storage/storageAccounts/blobServices/containers@2023-05-01' = {
  name: '${storage.name}/default/deployments'
}

resource plan 'Microsoft.Web/serverfarms@2024-04-01' = {
  name: '${name}-plan'
  location: location
  tags: tags
  kind: 'functionapp'
  sku: { tier: 'FlexConsumption', name: 'FC1' }
  properties: { reserved: true }
}

resource app 'Microsoft.Web/sites@2024-04-01' = {
  name: name
  location: location
  tags: union(tags, { 'azd-service-name': serviceName })
  kind: 'functionapp,linux'
  identity: { type: 'SystemAssigned' }
  properties: {
    serverFarmId: plan.id
    httpsOnly: true
    functionAppConfig: {
      deployment: {
        storage: {
          type: 'blobContainer'
          value: '${storage.properties.primaryEndpoints.blob}deployments'
          authentication: { type: 'SystemAssignedIdentity' }
        }
      }
      runtime: { name: 'node', version: '22' }
      scaleAndConcurrency: { maximumInstanceCount: 40, instanceMemoryMB: 2048 }
    }
    // Platform CORS must stay EMPTY: when it lists origins the platform answers CORS itself and cannot expose
    // x-correlation-id or Retry-After. The app reads CORS_ORIGINS and answers CORS the same way as locally.
    siteConfig: { minTlsVersion: '1.2', cors: { allowedOrigins: [] } }
  }
  dependsOn: [deployments]
}

// Built-in role ids. Blob Data Owner covers what the host does with AzureWebJobsStorage here (blob leases for the
// timer's singleton lock, schedule status, the Flex deployment container); no queue or table trigger is used.
var storageBlobDataOwner = 'b7e6dc6d-f1e8-4753-8033-0f276bb0955b'
var keyVaultSecretsUser = '4633458b-17de-408a-b874-0445c86b69e6'
var monitoringMetricsPublisher = '3913510d-42f4-4e42-8a64-420c390055eb'

resource blobAccess 'Microsoft.Authorization/roleAssignments@2022-04-01' = {
  scope: storage
  name: guid(storage.id, app.id, storageBlobDataOwner)
  properties: {
    roleDefinitionId: subscriptionResourceId('Microsoft.Authorization/roleDefinitions', storageBlobDataOwner)
    principalId: app.identity.principalId
    principalType: 'ServicePrincipal'
  }
}

resource insights 'Microsoft.Insights/components@2020-02-02' existing = {
  name: appInsightsName
}

resource telemetryAccess 'Microsoft.Authorization/roleAssignments@2022-04-01' = {
  scope: insights
  name: guid(insights.id, app.id, monitoringMetricsPublisher)
  properties: {
    roleDefinitionId: subscriptionResourceId('Microsoft.Authorization/roleDefinitions', monitoringMetricsPublisher)
    principalId: app.identity.principalId
    principalType: 'ServicePrincipal'
  }
}

resource vault 'Microsoft.KeyVault/vaults@2023-07-01' existing = {
  name: keyVaultName
}

resource secretsAccess 'Microsoft.Authorization/roleAssignments@2022-04-01' = {
  scope: vault
  name: guid(vault.id, app.id, keyVaultSecretsUser)
  properties: {
    roleDefinitionId: subscriptionResourceId('Microsoft.Authorization/roleDefinitions', keyVaultSecretsUser)
    principalId: app.identity.principalId
    principalType: 'ServicePrincipal'
  }
}

func keyVaultReference(secretUri string) string => '@Microsoft.KeyVault(SecretUri=${secretUri})'

// Written after the role assignments so the first resolution of the Key Vault references can succeed.
// FUNCTIONS_WORKER_RUNTIME and FUNCTIONS_EXTENSION_VERSION are not app settings on Flex Consumption (the runtime
// comes from functionAppConfig above).
resource appSettings 'Microsoft.Web/sites/config@2024-04-01' = {
  parent: app
  name: 'appsettings'
  properties: {
    // Identity-based host storage: the account name and the managed identity, no key (allowSharedKeyAccess false).
    AzureWebJobsStorage__accountName: storage.name
    AzureWebJobsStorage__credential: 'managedidentity'
    APPLICATIONINSIGHTS_CONNECTION_STRING: appInsightsConnectionString
    // Application Insights refuses the key alone (DisableLocalAuth): telemetry is signed by the system identity.
    APPLICATIONINSIGHTS_AUTHENTICATION_STRING: 'Authorization=AAD'
    COSMOS_ENDPOINT: cosmosEndpoint
    COSMOS_DATABASE: cosmosDatabase
    JWT_SECRET: keyVaultReference(jwtSecretUri)
    TICKET_SIGNING_KEY: keyVaultReference(ticketSigningKeyUri)
    TICKET_SIGNING_KEY_ID: ticketSigningKeyId
    TICKET_VERIFY_KEYS: ticketVerifyKeys
    ACS_CONNECTION_STRING: keyVaultReference(acsConnectionStringSecretUri)
    EMAIL_SENDER: emailSender
    APP_BASE_URL: appBaseUrl
    CORS_ORIGINS: corsOrigins
    SUPER_ADMIN_EMAILS: superAdminEmails
    E2E_TEST_MODE: 'false'
    SHARED_EVENTS_ENABLED: string(sharedEventsEnabled)
    SHARED_EVENTS_ORG_ALLOWLIST: sharedEventsOrgAllowlist
    DELEGATED_MEMBER_ORDERING_ENABLED: string(delegatedMemberOrderingEnabled)
    DELEGATED_MEMBER_CATALOG_ENABLED: string(delegatedMemberCatalogEnabled)
  }
  dependsOn: [blobAccess, secretsAccess, telemetryAccess]
}

output name string = app.name
output id string = app.id
output principalId string = app.identity.principalId
output hostName string = app.properties.defaultHostName
