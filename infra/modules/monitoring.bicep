// Log Analytics and Application Insights. Local (key) authentication is off: telemetry is accepted only when signed
// by an Entra identity, the function app's (Monitoring Metrics Publisher, granted in function-app.bicep; the host
// reads APPLICATIONINSIGHTS_AUTHENTICATION_STRING, the app's own SDK gets the same credential in
// shared/telemetry/telemetry.ts).
param name string
param location string
param tags object = {}

resource workspace 'Microsoft.OperationalInsights/workspaces@2023-09-01' = {
  name: '${name}-logs'
  location: location
  tags: tags
  properties: { sku: { name: 'PerGB2018' }, retentionInDays: 30 }
}

resource insights 'Microsoft.Insights/components@2020-02-02' = {
  name: '${name}-ai'
  location: location
  tags: tags
  kind: 'web'
  properties: { Application_Type: 'web', WorkspaceResourceId: workspace.id, DisableLocalAuth: true }
}

output connectionString string = insights.properties.ConnectionString
output insightsId string = insights.id
output insightsName string = insights.name
