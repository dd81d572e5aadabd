import { Router } from 'express';
import { adminUsersQuerySchema } from '@kicksight/contracts';
import { requireRole, requireUser, type JwtVerifier, type Pool } from '@kicksight/platform';
import { users } from '../store/users.ts';
import { membershipTier } from '../domain/membership.ts';

/** `/api/admin/users`: the newest accounts, for administrators. */
export function adminRouter({ pool, verifier }: { pool: Pool; verifier: JwtVerifier }): Router {
  const router = Router();
  router.get('/users', requireUser(verifier), requireRole('admin'), async (req, res) => {
    const { limit } = adminUsersQuerySchema.parse(req.query);
    const rows = await users.newest(pool, limit);
    res.json({
      data: {
        users: rows.map((u) => ({
          id: u.id,
          name: u.name,
          email: u.email,
          membershipTier: membershipTier(u.role, u.tier),
          membershipStatus: u.membershipStatus,
          createdAt: u.createdAt.toISOString(),
        })),
      },
    });
  });
  return router;
}
