// Ticket Sales Service: Function App (Node 22, one function per route, Flex Consumption), Cosmos DB (serverless,
// keyless access through the app's managed identity), Key Vault (the JWT secret and the ACS connection string),
// Application Insights with alerts, Azure Communication Services e-mail. Step by step: docs/deploy.md.
targetScope = 'resourceGroup'

@description('Short name used as a prefix for every resource.')
@minLength(3)
@maxLength(12)
param appName string

param location string = resourceGroup().location

@description('Comma-separated e-mail addresses that become super admins at first login.')
param superAdminEmails string

@description('Base URL of the web client, used in e-mail and notification links.')
param appBaseUrl string

@description('Comma-separated browser origins allowed by the app\'s own CORS handling.')
param corsOrigins string = appBaseUrl

@secure()
@minLength(32)
@description('HS256 signing secret for session tokens. No default: the workflow passes the JWT_SECRET repository secret (docs/deploy.md).')
param jwtSecret string

@description('E-mail address notified by the alerts; empty: alerts show in the portal only.')
param alertEmail string = ''

@description('Purge protection on the Key Vault (cannot be turned off again once on).')
param keyVaultPurgeProtection bool = true

param sharedEventsEnabled bool = false
@description('Comma-separated organization ids allowed to use Shared Events; empty allows every organization.')
param sharedEventsOrgAllowlist string = ''
param delegatedMemberOrderingEnabled bool = false

var suffix = uniqueString(resourceGroup().id, appName)

module monitoring 'modules/monitoring.bicep' = {
  name: 'monitoring'
  params: { name: '${appName}-${suffix}', location: location }
}

module cosmos 'modules/cosmos.bicep' = {
  name: 'cosmos'
  params: { accountName: '${appName}-cosmos-${suffix}', location: location }
}

module keyVault 'modules/key-vault.bicep' = {
  name: 'keyVault'
  params: {
    // Vault names: 3-24 characters, letters, digits and hyphens.
    name: take('${appName}kv${suffix}', 24)
    location: location
    purgeProtection: keyVaultPurgeProtection
    jwtSecret: jwtSecret
  }
}

module email 'modules/email.bicep' = {
  name: 'email'
  params: { name: '${appName}-acs-${suffix}', keyVaultName: keyVault.outputs.name }
}

module functionApp 'modules/function-app.bicep' = {
  name: 'functionApp'
  params: {
    name: '${appName}-func-${suffix}'
    storageName: take(toLower(replace('${appName}st${suffix}', '-', '')), 24)
    location: location
    appInsightsConnectionString: monitoring.outputs.connectionString
    keyVaultName: keyVault.outputs.name
    jwtSecretUri: keyVault.outputs.jwtSecretUri
    acsConnectionStringSecretUri: email.outputs.acsConnectionStringSecretUri
    emailSender: email.outputs.senderAddress
    cosmosEndpoint: cosmos.outputs.endpoint
    cosmosDatabase: cosmos.outputs.databaseName
    appBaseUrl: appBaseUrl
    corsOrigins: corsOrigins
    superAdminEmails: superAdminEmails
    sharedEventsEnabled: sharedEventsEnabled
    sharedEventsOrgAllowlist: sharedEventsOrgAllowlist
    delegatedMemberOrderingEnabled: delegatedMemberOrderingEnabled
  }
}

module cosmosAccess 'modules/cosmos-access.bicep' = {
  name: 'cosmosAccess'
  params: { accountName: cosmos.outputs.accountName, principalId: functionApp.outputs.principalId }
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
  }
}

output functionAppName string = functionApp.outputs.name
output functionAppUrl string = 'https://${functionApp.outputs.hostName}'
output apiBaseUrl string = 'https://${functionApp.outputs.hostName}/api'
output keyVaultName string = keyVault.outputs.name
output cosmosAccountName string = cosmos.outputs.accountName
output cosmosEndpoint string = cosmos.outputs.endpoint
