// OUT/site/ served as it is at /. Only site/ is the root, so OUT/key.json and the database are
// never reachable; dotfiles are refused.
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export async function registerSite(app: FastifyInstance, site: string): Promise<void> {
  await app.register(fastifyStatic, { root: site, prefix: '/', index: ['index.html'], dotfiles: 'deny', wildcard: true });
}
