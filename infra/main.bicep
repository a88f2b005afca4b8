// Ticket Sales Service: Function App (Node 22, one function per route, Flex Consumption), Cosmos DB (serverless,
// keyless access through the app's managed identity), Key Vault (the JWT secret, the ticket signing key and the ACS
// connection string), Application Insights with alerts, Azure Communication Services e-mail. Step by step:
// docs/deploy.md.
// Deployed into an existing resource group by the GitHub workflow (.github/workflows/deploy.yml), and by the Azure
// Developer CLI through azd.bicep, which creates the group and passes the azd tags and the deploying principal.
targetScope = 'resourceGroup'

@description('Short name used as a prefix for every resource.')
@minLength(3)
@maxLength(12)
param appName string

param location string = resourceGroup().location

@description('Comma-separated e-mail addresses that become super admins at first login.')
param superAdminEmails string

@description('Base URL of the web client, used in e-mail and notification links. Empty: the Static Web App\'s URL.')
param appBaseUrl string = ''

@description('Further comma-separated browser origins allowed by the app\'s own CORS handling (the Static Web App\'s origin is always added).')
param corsOrigins string = ''

@description('Deploy the web client as a Static Web App (modules/static-web-app.bicep).')
param deployWebClient bool = true

@description('Region of the Static Web App, which runs in a few regions only.')
@allowed(['westus2', 'centralus', 'eastus2', 'westeurope', 'eastasia'])
param webLocation string = 'westeurope'

@secure()
@minLength(32)
@description('HS256 signing secret for session tokens. No default: the workflow passes the JWT_SECRET repository secret (docs/deploy.md).')
param jwtSecret string

@secure()
@minLength(64)
@description('Ed25519 private key that signs ticket codes (PKCS#8, base64 DER or PEM). No default: the workflow passes the TICKET_SIGNING_KEY repository secret (docs/deploy.md).')
param ticketSigningKey string

@description('Key id of ticketSigningKey, written into every new ticket code; change it with each new key (docs/deploy.md "Rotating the ticket signing key").')
param ticketSigningKeyId string = 'k1'

@description('Earlier ticket public keys still accepted, `kid=base64 SPKI`, comma-separated; empty until the first rotation.')
param ticketVerifyKeys string = ''

@description('E-mail address notified by the alerts; empty: alerts show in the portal only.')
param alertEmail string = ''

@description('Purge protection on the Key Vault (cannot be turned off again once on).')
param keyVaultPurgeProtection bool = true

param sharedEventsEnabled bool = false
@description('Comma-separated organization ids allowed to use Shared Events; empty allows every organization.')
param sharedEventsOrgAllowlist string = ''
param delegatedMemberOrderingEnabled bool = false
@description('The member-readable catalog of delegated events (DELEGATED_MEMBER_CATALOG_ENABLED); off until rolled out.')
param delegatedMemberCatalogEnabled bool = false

@description('Tags on every resource (azd passes azd-env-name; the function app adds azd-service-name).')
param tags object = {}

@description('Object id of a person or pipeline given the Cosmos DB data role, so npm run heal and npm run check-invariants can run against this deployment. Empty: nobody but the app.')
param principalId string = ''

var suffix = uniqueString(resourceGroup().id, appName)

// The web client: its origin is always allowed by CORS, and it is where e-mailed links lead unless appBaseUrl says
// otherwise (a custom domain, or a client hosted elsewhere).
module staticWebApp 'modules/static-web-app.bicep' = if (deployWebClient) {
  name: 'staticWebApp'
  params: { name: '${appName}-web-${suffix}', location: webLocation, tags: tags }
}
var webOrigin = deployWebClient ? staticWebApp.outputs.origin : ''
var effectiveAppBaseUrl = empty(appBaseUrl) ? webOrigin : appBaseUrl
var effectiveCorsOrigins = join(filter([webOrigin, corsOrigins], origin => !empty(origin)), ',')

module monitoring 'modules/monitoring.bicep' = {
  name: 'monitoring'
  params: { name: '${appName}-${suffix}', location: location, tags: tags }
}

module cosmos 'modules/cosmos.bicep' = {
  name: 'cosmos'
  params: { accountName: '${appName}-cosmos-${suffix}', location: location, tags: tags }
}

module keyVault 'modules/key-vault.bicep' = {
  name: 'keyVault'
  params: {
    // Vault names: 3-24 characters, letters, digits and hyphens.
    name: take('${appName}kv${suffix}', 24)
    location: location
    tags: tags
    purgeProtection: keyVaultPurgeProtection
    jwtSecret: jwtSecret
    ticketSigningKey: ticketSigningKey
  }
}

module email 'modules/email.bicep' = {
  name: 'email'
  params: { name: '${appName}-acs-${suffix}', keyVaultName: keyVault.outputs.name, tags: tags }
}

module functionApp 'modules/function-app.bicep' = {
  name: 'functionApp'
  params: {
    name: '${appName}-func-${suffix}'
    storageName: take(toLower(replace('${appName}st${suffix}', '-', '')), 24)
    location: location
    tags: tags
    appInsightsName: monitoring.outputs.insightsName
    appInsightsConnectionString: monitoring.outputs.connectionString
    keyVaultName: keyVault.outputs.name
    jwtSecretUri: keyVault.outputs.jwtSecretUri
    ticketSigningKeyUri: keyVault.outputs.ticketSigningKeyUri
    ticketSigningKeyId: ticketSigningKeyId
    ticketVerifyKeys: ticketVerifyKeys
    acsConnectionStringSecretUri: email.outputs.acsConnectionStringSecretUri
    emailSender: email.outputs.senderAddress
    cosmosEndpoint: cosmos.outputs.endpoint
    cosmosDatabase: cosmos.outputs.databaseName
    appBaseUrl: effectiveAppBaseUrl
    corsOrigins: effectiveCorsOrigins
    superAdminEmails: superAdminEmails
    sharedEventsEnabled: sharedEventsEnabled
    sharedEventsOrgAllowlist: sharedEventsOrgAllowlist
    delegatedMemberOrderingEnabled: delegatedMemberOrderingEnabled
    delegatedMemberCatalogEnabled: delegatedMemberCatalogEnabled
  }
}

module cosmosAccess 'modules/cosmos-access.bicep' = {
  name: 'cosmosAccess'
  params: { accountName: cosmos.outputs.accountName, principalId: functionApp.outputs.principalId }
}

// The deploying person (azd fills principalId with the signed-in user) may read and heal the data by hand
// (docs/deploy.md "Running npm run heal against production"); the workflow passes no principal.
module deployerCosmosAccess 'modules/cosmos-access.bicep' = if (!empty(principalId)) {
  name: 'deployerCosmosAccess'
  params: { accountName: cosmos.outputs.accountName, principalId: principalId }
}

module alerts 'modules/alerts.bicep' = {
  name: 'alerts'
  params: {
    name: '${appName}-${suffix}'
    location: location
    functionAppId: functionApp.outputs.id
    hostName: functionApp.outputs.hostName
    insightsId: monitoring.outputs.insightsId
    alertEmail: alertEmail
    tags: tags
  }
}


output functionAppName string = functionApp.outputs.name
output functionAppUrl string = 'https://${functionApp.outputs.hostName}'
output apiBaseUrl string = 'https://${functionApp.outputs.hostName}/api'
output webUrl string = webOrigin
output webName string = deployWebClient ? staticWebApp.outputs.name : ''
output keyVaultName string = keyVault.outputs.name
output cosmosAccountName string = cosmos.outputs.accountName
output cosmosEndpoint string = cosmos.outputs.endpoint
