/** The backend services, their public and internal ports (defaults; each is configurable). */
export const SERVICES = {
  auth: { port: 4001, internalPort: 4101 },
  catalog: { port: 4002, internalPort: 4102 },
  collection: { port: 4003, internalPort: 4103 },
  billing: { port: 4004, internalPort: 4104 },
  prediction: { port: 4005, internalPort: 4105 },
  notifications: { port: 4006, internalPort: 4106 },
} as const;
export type ServiceName = keyof typeof SERVICES;
export const SERVICE_NAMES = Object.keys(SERVICES) as ServiceName[];

export const BFF_PORT = 8080;
/** The BFF's internal port: its metrics and the detailed health, reachable only from Kicksight's own processes. */
export const BFF_INTERNAL_PORT = 8180;
export const WEB_PORT = 5173;
/** The web server's internal port: its metrics, reachable only from Kicksight's own processes. */
export const WEB_INTERNAL_PORT = 5273;
