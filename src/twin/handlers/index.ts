import type { Handler } from '../../schema/twin-document.ts'
import { planAdapter } from './adapter.ts'
import type { HandlerContext, Plan } from './context.ts'
import { planCreate } from './create.ts'
import { planDelete } from './delete.ts'
import { planList } from './list.ts'
import { planMutate } from './mutate.ts'
import { planRead } from './read.ts'
import { planStatic } from './static.ts'

export type { HandlerContext, Plan } from './context.ts'

/** Plans one call with the handler of its kind. */
export function planHandler(handler: Handler, context: HandlerContext): Plan {
  switch (handler.kind) {
    case 'static':
      return planStatic(handler, context)
    case 'read':
      return planRead(handler, context)
    case 'list':
      return planList(handler, context)
    case 'create':
      return planCreate(handler, context)
    case 'mutate':
      return planMutate(handler, context)
    case 'delete':
      return planDelete(handler, context)
    case 'adapter':
      return planAdapter(handler, context)
  }
}
