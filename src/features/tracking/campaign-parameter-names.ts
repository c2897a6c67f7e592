/** The campaign parameters of a landing URL (first document §4 "Affiliate tracking"). */
export const CAMPAIGN_PARAMETER_NAMES = ['utm_campaign', 'uid', 'mykredit_ref', 'campaignid'] as const;
