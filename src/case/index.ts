export { type EvaluateCaseOptions, evaluateCase } from './evaluate-case.ts'
