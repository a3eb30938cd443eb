/** Fixed marketing content of the home page (spec: hard-coded, not loaded from a server). */
export const MARKETING_STATS = [
  { value: '500+', label: 'Expert Vendors' },
  { value: '10K+', label: 'Custom Designs' },
  { value: '4.9/5', label: 'Customer Rating' },
] as const;

export const FEATURES = [
  {
    icon: 'sparkles',
    title: 'AI-Powered Design',
    text: 'Describe the occasion, flavour and colours, and see your cake before anyone bakes it. Try variations until it feels right.',
  },
  {
    icon: 'shield',
    title: 'Vetted Vendors',
    text: 'Every baker is reviewed and approved by our team before they appear, and earns the Verified badge.',
  },
  {
    icon: 'lock',
    title: 'Secure Payments',
    text: 'Payment protection holds your money in escrow. Vendors are paid when you are satisfied with your cake.',
  },
  {
    icon: 'truck',
    title: 'On-Time Delivery',
    text: 'Track every order from confirmation to your door, with updates from your baker along the way.',
  },
  {
    icon: 'palette',
    title: 'Full Customization',
    text: 'Tiers, fillings, dietary needs and that exact shade of blush: your baker works from your design and your notes.',
  },
  {
    icon: 'wand',
    title: 'Design Flexibility',
    text: 'Start from an AI design, your own photo or a vendor portfolio piece, and refine it with your baker in messages.',
  },
] as const;

export const TESTIMONIALS = [
  {
    name: 'Priya Sharma',
    role: 'Bride, Vancouver',
    image: '/demo/avatar-1.svg',
    content:
      'I designed our wedding cake on my phone during my lunch break, got three quotes by the evening, and the cake looked exactly like the picture. Paying only after the wedding took so much stress away.',
  },
  {
    name: 'Marcus Chen',
    role: 'Dad of two, Richmond',
    image: '/demo/avatar-2.svg',
    content:
      'My daughter wanted a unicorn-dinosaur cake. The AI designer got it on the second try and Golden Crumb baked it for her seventh birthday. She still talks about it.',
  },
  {
    name: 'Sofia Marchetti',
    role: 'Owner, Sweet Dreams Bakery',
    image: '/demo/avatar-3.svg',
    content:
      'Customers arrive with a clear picture of what they want, so quoting takes minutes instead of days. Frosted has filled my calendar with the kind of cakes I love to make.',
  },
] as const;
