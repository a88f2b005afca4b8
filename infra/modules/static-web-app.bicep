// The web client (web/): a Static Web App holding the built single-page app, deployed by `azd deploy web` (or any
// SWA deployment of web/dist). It calls the function app's URL, baked into the build as VITE_API_BASE_URL; the
// function app lists this origin in CORS_ORIGINS (main.bicep). Routing: web/public/staticwebapp.config.json.
param name string

@description('Static Web Apps run in a few regions only (westus2, centralus, eastus2, westeurope, eastasia).')
param location string

param tags object = {}

resource staticWebApp 'Microsoft.Web/staticSites@2024-04-01' = {
  name: name
  location: location
  // azd finds the service `web` of azure.yaml by this tag.
  tags: union(tags, { 'azd-service-name': 'web' })
  sku: { name: 'Free', tier: 'Free' }
  properties: {
    // Deployed from a build artifact (azd or the workflow), not from a repository the platform builds.
    provider: 'Custom'
    allowConfigFileUpdates: true
    stagingEnvironmentPolicy: 'Disabled'
  }
}

output name string = staticWebApp.name
output origin string = 'https://${staticWebApp.properties.defaultHostname}'
