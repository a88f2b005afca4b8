// Ticket Sales Service: Function App (Node 22, one function per route), Cosmos DB (serverless, keyless
// access through the app's managed identity), Application Insights, Azure Communication Services e-mail.
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

@description('Comma-separated allowed CORS origins.')
param corsOrigins string = appBaseUrl

@secure()
@description('HS256 signing secret for session tokens (at least 32 bytes).')
param jwtSecret string

@description('Verified sender address of the Communication Services e-mail domain.')
param emailSender string = ''

param sharedEventsEnabled bool = false
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

module email 'modules/email.bicep' = {
  name: 'email'
  params: { name: '${appName}-acs-${suffix}' }
}

module functionApp 'modules/function-app.bicep' = {
  name: 'functionApp'
  params: {
    name: '${appName}-func-${suffix}'
    storageName: take(toLower(replace('${appName}st${suffix}', '-', '')), 24)
    location: location
    appInsightsConnectionString: monitoring.outputs.connectionString
    corsOrigins: split(corsOrigins, ',')
    settings: {
      COSMOS_ENDPOINT: cosmos.outputs.endpoint
      COSMOS_DATABASE: cosmos.outputs.databaseName
      JWT_SECRET: jwtSecret
      APP_BASE_URL: appBaseUrl
      CORS_ORIGINS: corsOrigins
      SUPER_ADMIN_EMAILS: superAdminEmails
      ACS_CONNECTION_STRING: email.outputs.connectionString
      EMAIL_SENDER: emailSender
      E2E_TEST_MODE: 'false'
      SHARED_EVENTS_ENABLED: string(sharedEventsEnabled)
      DELEGATED_MEMBER_ORDERING_ENABLED: string(delegatedMemberOrderingEnabled)
    }
  }
}

module cosmosAccess 'modules/cosmos-access.bicep' = {
  name: 'cosmosAccess'
  params: { accountName: cosmos.outputs.accountName, principalId: functionApp.outputs.principalId }
}

output apiBaseUrl string = 'https://${functionApp.outputs.hostName}/api'
