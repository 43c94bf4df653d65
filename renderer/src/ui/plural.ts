export { plural } from '@shared/plural';
