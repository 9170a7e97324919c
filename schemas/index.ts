export * from './module-definition';
export * from './workflow-definition';
