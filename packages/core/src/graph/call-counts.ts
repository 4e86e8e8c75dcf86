import type { CallsResponse, ReferenceRole } from '@cn/protocol';
import { isCall, type CallerSite } from './reference-callers.js';

/** What a call graph left out, summed over the nodes expanded, as the answer's counting fields. */
export class CallCounts {
  filteredCallSites = 0;
  namesakeCallSites = 0;
  uncheckedCallSites = 0;
  private readonly byRole: Partial<Record<ReferenceRole, number>> = {};
  private total = 0;

  /** Counts the sites that only name the callee, by what they do there. */
  nonCalls(sites: CallerSite[]): void {
    for (const site of sites) {
      if (isCall(site) || site.role === undefined) continue;
      this.byRole[site.role] = (this.byRole[site.role] ?? 0) + 1;
      this.total++;
    }
  }

  fields(): Pick<
    CallsResponse,
    'nonCallSites' | 'nonCalls' | 'filteredCallSites' | 'namesakeCallSites' | 'uncheckedCallSites'
  > {
    return {
      ...(this.total > 0 ? { nonCallSites: this.total, nonCalls: { ...this.byRole } } : {}),
      ...(this.filteredCallSites > 0 ? { filteredCallSites: this.filteredCallSites } : {}),
      ...(this.namesakeCallSites > 0 ? { namesakeCallSites: this.namesakeCallSites } : {}),
      ...(this.uncheckedCallSites > 0 ? { uncheckedCallSites: this.uncheckedCallSites } : {}),
    };
  }
}
