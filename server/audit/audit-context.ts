/** Who makes a request and from where, as the audit log records it. */
import type { FastifyRequest } from 'fastify';
import type { AuditContext } from './audit-service';

/** The admin the guard found (request.admin) and the client's address (request.ip, after TRUST_PROXY). */
export function auditContext(request: FastifyRequest): AuditContext {
  const admin = request.admin;
  return { actor: admin ? { adminId: admin.adminId, email: admin.email } : null, ip: request.ip };
}
