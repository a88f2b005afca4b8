// Entry point of the Azure Developer CLI (azure.yaml `infra.module: azd`): `azd up` from a fresh clone. Creates the
// resource group rg-<environment> and deploys main.bicep into it, the same template the GitHub workflow deploys
// into an existing group. azd fills environmentName, location and principalId (azd.parameters.json) and finds the
// function app to deploy to by its azd-service-name tag. Step by step: docs/deploy.md "With the Azure Developer CLI".
targetScope = 'subscription'

@minLength(1)
@maxLength(64)
@description('Name of the azd environment: names the resource group and tags every resource (azd-env-name).')
param environmentName string

@minLength(1)
@description('Region of every resource; it must offer the Flex Consumption plan.')
@metadata({ azd: { type: 'location' } })
param location string

@description('Object id of the person running azd (the signed-in user): gets the Cosmos DB data role, so npm run heal and npm run check-invariants can run against this environment. Empty: no role.')
param principalId string = ''

@description('Comma-separated e-mail addresses that become super admins at first login.')
param superAdminEmails string

@description('Base URL of the web client, used in e-mail and notification links. Empty: the Static Web App\'s URL.')
param appBaseUrl string = ''

@description('Further comma-separated browser origins allowed by CORS (the Static Web App\'s origin is always added).')
param corsOrigins string = ''

@secure()
@minLength(32)
@description('HS256 signing secret for session tokens; the preprovision hook generates it once per environment.')
param jwtSecret string

@secure()
@minLength(64)
@description('Ed25519 private key that signs ticket codes (PKCS#8, base64 DER); the preprovision hook generates it once per environment.')
param ticketSigningKey string

@description('Key id of ticketSigningKey; change it with each new key.')
param ticketSigningKeyId string = 'k1'

@description('Earlier ticket public keys still accepted, `kid=base64 SPKI`, comma-separated; empty until the first rotation.')
param ticketVerifyKeys string = ''

@description('E-mail address notified by the alerts; empty: alerts show in the portal only.')
param alertEmail string = ''

var tags = { 'azd-env-name': environmentName }

resource group 'Microsoft.Resources/resourceGroups@2024-03-01' = {
  name: 'rg-${environmentName}'
  location: location
  tags: tags
}

module app 'main.bicep' = {
  name: 'tickets'
  scope: group
  params: {
    appName: 'tickets'
    location: location
    tags: tags
    principalId: principalId
    superAdminEmails: superAdminEmails
    appBaseUrl: appBaseUrl
    corsOrigins: corsOrigins
    jwtSecret: jwtSecret
    ticketSigningKey: ticketSigningKey
    ticketSigningKeyId: ticketSigningKeyId
    ticketVerifyKeys: ticketVerifyKeys
    alertEmail: alertEmail
  }
}

// The web client's Static Web App is declared in main.bicep, so both deployment paths get it.

// Written by azd into .azure/<environment>/.env.
output AZURE_LOCATION string = location
output AZURE_TENANT_ID string = tenant().tenantId
output AZURE_RESOURCE_GROUP string = group.name
output AZURE_FUNCTION_APP_NAME string = app.outputs.functionAppName
output API_BASE_URL string = app.outputs.apiBaseUrl
// The web client's build reads it (azure.yaml, service web): the function app's origin, without /api.
output FUNCTION_APP_URL string = app.outputs.functionAppUrl
output WEB_URL string = app.outputs.webUrl
output AZURE_COSMOS_ACCOUNT_NAME string = app.outputs.cosmosAccountName
output AZURE_COSMOS_ENDPOINT string = app.outputs.cosmosEndpoint
output AZURE_KEY_VAULT_NAME string = app.outputs.keyVaultName
