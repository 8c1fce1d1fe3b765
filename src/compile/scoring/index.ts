export type {
  CrossValidationResult,
  FitOptions,
  FittedModel,
  Observation,
  SeriesError,
} from './types.ts';
export { DEFAULT_FIT_OPTIONS, METHOD_DESCRIPTION } from './method.ts';
export { fitCapabilityModel } from './model.ts';
export { leaveOneOut } from './cross-validation.ts';
