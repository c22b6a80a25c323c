export * from './constants';
export * from './format';
export * from './messages';
export * from './roles';
export * from './schemas';
export * from './types';
export * from './files';
