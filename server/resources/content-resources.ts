/**
 * Every content resource one server process serves, by key: the site's own definitions
 * (shared/resources/) and any extra ones (a test's throwaway definition), each with its table.
 */
import { RESOURCE_KEYS, resources, type ResourceDef } from '../../shared/resources';
import { tableOf, type AnyResourceTable } from '../db/resource-tables';

/** A resource as the generic content code handles it: its definition and its generated table. */
export interface Served {
  def: ResourceDef;
  table: AnyResourceTable;
}

export class ContentResources {
  private readonly served = new Map<string, Served>();

  /** `extra` resources are served beside the site's own; their tables must exist. */
  constructor(extra: Readonly<Record<string, ResourceDef>> = {}) {
    for (const key of RESOURCE_KEYS) this.served.set(key, { def: resources[key], table: tableOf(resources[key]) });
    for (const [key, def] of Object.entries(extra)) {
      if (this.served.has(key)) throw new Error(`Resource ${key} is defined twice`);
      this.served.set(key, { def, table: tableOf(def) });
    }
  }

  /** The definitions of every resource served (the router makes routes for each). */
  definitions(): [string, ResourceDef][] {
    return [...this.served].map(([key, { def }]) => [key, def]);
  }

  /** The definition and table of `key`; an unknown key is a bug in the caller. */
  get(key: string): Served {
    const served = this.served.get(key);
    if (!served) throw new Error(`Unknown resource ${key}`);
    return served;
  }

  /** Whether `key` names a resource served here (a change feed topic may name something else). */
  serves(key: string): boolean {
    return this.served.has(key);
  }

  /** Every resource served, with its key. */
  entries(): [string, Served][] {
    return [...this.served];
  }
}
