import { setTimeout as sleep } from 'node:timers/promises';
import type { Tool } from '../tools/tool.ts';
import type { FaultInjector } from './fault-injector.ts';
import { InjectedFaultError } from './injected-fault-error.ts';

/** `tool` with the injector's faults applied in front of it; the tool itself is never edited. */
export function faultInjectingTool(tool: Tool, injector: FaultInjector): Tool {
  return {
    ...tool,
    async execute(args, ctx) {
      const chosen = injector.toolFault(tool.name, ctx.stepKey);
      if (chosen?.fault === 'slow') await sleep(chosen.delayMs ?? 0, undefined, { signal: ctx.signal });
      else if (chosen) {
        const retryAfterMs = chosen.fault === 'http 429' ? chosen.retryAfterMs : undefined;
        throw new InjectedFaultError({ toolName: tool.name, fault: chosen.fault, call: chosen.call, ...(retryAfterMs !== undefined && { retryAfterMs }) });
      }
      return tool.execute(args, ctx);
    },
  };
}
