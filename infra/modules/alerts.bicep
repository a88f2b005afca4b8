// Alerts: server errors (Http5xx on the function app) and an Application Insights standard availability test
// on /api/health, which reads the store and answers 503 when it cannot. Notifications go to an action group
// when an e-mail address is given; without one the alerts still fire and show in the portal.
param name string
param location string
param functionAppId string
param hostName string
param insightsId string
param tags object = {}

@description('E-mail address notified by the alerts; empty creates no action group.')
param alertEmail string = ''

@description('Seconds between availability test runs; each run from each location is billed (docs/deploy.md, costs).')
@allowed([300, 600, 900])
param availabilityTestFrequency int = 900

@description('Server errors (HTTP 5xx) within 5 minutes that raise the alert.')
param http5xxThreshold int = 5

var actions = empty(alertEmail) ? [] : [{ actionGroupId: actionGroup.id }]

resource actionGroup 'Microsoft.Insights/actionGroups@2023-01-01' = if (!empty(alertEmail)) {
  name: '${name}-alerts'
  location: 'Global'
  tags: tags
  properties: {
    groupShortName: 'tickets'
    enabled: true
    emailReceivers: [{ name: 'operator', emailAddress: alertEmail, useCommonAlertSchema: true }]
  }
}

resource serverErrors 'Microsoft.Insights/metricAlerts@2018-03-01' = {
  name: '${name}-http5xx'
  location: 'global'
  tags: tags
  properties: {
    description: 'The API answered ${http5xxThreshold} or more 5xx responses within 5 minutes.'
    severity: 1
    enabled: true
    scopes: [functionAppId]
    evaluationFrequency: 'PT1M'
    windowSize: 'PT5M'
    criteria: {
      'odata.type': 'Microsoft.Azure.Monitor.SingleResourceMultipleMetricCriteria'
      allOf: [
        {
          criterionType: 'StaticThresholdCriterion'
          name: 'Http5xx'
          metricNamespace: 'Microsoft.Web/sites'
          metricName: 'Http5xx'
          operator: 'GreaterThanOrEqual'
          threshold: http5xxThreshold
          timeAggregation: 'Total'
        }
      ]
    }
    actions: actions
  }
}

resource healthTest 'Microsoft.Insights/webtests@2022-06-15' = {
  name: '${name}-health'
  location: location
  // The hidden link ties the test to the Application Insights resource (required by the portal and the alert).
  tags: union(tags, { 'hidden-link:${insightsId}': 'Resource' })
  kind: 'standard'
  properties: {
    SyntheticMonitorId: '${name}-health'
    Name: '${name} /api/health'
    Enabled: true
    Kind: 'standard'
    Frequency: availabilityTestFrequency
    Timeout: 30
    RetryEnabled: true
    Locations: [
      { Id: 'emea-nl-ams-azr' }
      { Id: 'emea-gb-db3-azr' }
      { Id: 'emea-fr-pra-edge' }
    ]
    Request: {
      RequestUrl: 'https://${hostName}/api/health'
      HttpVerb: 'GET'
      ParseDependentRequests: false
    }
    ValidationRules: { ExpectedHttpStatusCode: 200, SSLCheck: true, SSLCertRemainingLifetimeCheck: 7 }
  }
}

resource healthAlert 'Microsoft.Insights/metricAlerts@2018-03-01' = {
  name: '${name}-health-unavailable'
  location: 'global'
  tags: tags
  properties: {
    description: '/api/health failed from at least 2 test locations.'
    severity: 1
    enabled: true
    scopes: [healthTest.id, insightsId]
    evaluationFrequency: 'PT1M'
    // At least one full test period, so every location has reported in the window.
    windowSize: 'PT15M'
    criteria: {
      'odata.type': 'Microsoft.Azure.Monitor.WebtestLocationAvailabilityCriteria'
      webTestId: healthTest.id
      componentId: insightsId
      failedLocationCount: 2
    }
    actions: actions
  }
}
