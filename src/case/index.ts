export { type EvaluateCaseOptions, evaluateCase } from './evaluate-case.ts'
export { type RunAndEvaluateOptions, runAndEvaluateCase } from './run-and-evaluate.ts'
