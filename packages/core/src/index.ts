export * from './constants';
export * from './format';
export * from './messages';
export * from './roles';
export * from './schemas';
export * from './types';
export * from './files';
export * from \x27./account-messages\x27;
