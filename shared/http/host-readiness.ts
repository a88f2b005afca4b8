import { hostSettingProblems } from '../config';
import { DomainError } from '../errors';

let reported = false;

/**
 * Under the Azure Functions host: the reason to refuse every request (503 UNAVAILABLE) while a required setting is
 * missing or too weak, or undefined when the service may serve. Refusing per request rather than at start keeps the
 * answer the service's own envelope (a worker that throws at start leaves the platform's bare errors) and lets the
 * availability test see it. The log line names the settings, never a value; it goes straight to the console (the
 * worker forwards it to the host's logs) because telemetry itself reads the configuration that is at fault.
 */
export function hostRefusal(): DomainError | undefined {
  const problems = hostSettingProblems();
  if (problems.length === 0) return undefined;
  if (!reported) {
    reported = true;
    console.error(
      JSON.stringify({
        kind: 'error',
        at: new Date().toISOString(),
        message: 'config.refused',
        detail: `Refusing to serve until configured: ${problems.join('; ')}`,
      }),
    );
  }
  return new DomainError('UNAVAILABLE', 'The service is not configured yet; try again later');
}
