/** What other modules may use of ratings (issue 36; through index.ts only). */
export { adminRatingRoutes, ratingRoutes } from './routes';
export { publishedRatingsOf } from './queries';
export {
  forgetRater,
  moderateRating,
  rateIntroduction,
  replyToRating,
  revealDueRatings,
  writeRatingAverages,
} from './commands';
export { ratingsWrittenBy } from './personal-data';
