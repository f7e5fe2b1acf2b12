// Written by `npm run db:generate` from shared/resources (resourceTableExportsSource in resource-tables.ts): do not edit.
// drizzle-kit finds tables only among a schema file's named exports: one name per content resource.
import { resourceTables } from './resource-tables';

export const {
  clients,
  gallery,
  project,
  banners,
  property,
  bannerAbout,
  communityAbout,
  topprojects: topProjects,
  Interiorbanner: interiorBanner,
  solution,
  experience,
  interiorportfolio: interiorPortfolio,
  'team-members': teamMembers,
} = resourceTables;
