/** The reviews module: the review link after a repaid loan (CustomerReviewLinkPost) and its sandbox review page. */
export { reviewRoutes } from './routes.ts';
