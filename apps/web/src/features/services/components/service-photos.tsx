import { useState } from 'react';
import { PhotoLightbox } from './photo-lightbox';

type ServicePhotosProps = { images: string[]; serviceName: string };

export function ServicePhotos({ images, serviceName }: ServicePhotosProps) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  // No photos, no heading: an empty "Photos" section read as something missing.
  if (images.length === 0) return null;
  return (
    <>
      <h3 className="mb-2 text-xl font-bold">Photos</h3>
      <ul className="flex flex-wrap gap-2">
        {images.map((image, index) => (
          <li key={image}>
            <button
              type="button"
              aria-haspopup="dialog"
              className="block cursor-pointer rounded border-2 border-line hover:border-ink"
              onClick={() => setOpenIndex(index)}
            >
              <img src={image} alt="" className="size-24 object-cover" />
              <span className="sr-only">
                Open photo {index + 1} of {images.length}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <PhotoLightbox
        images={images}
        serviceName={serviceName}
        index={openIndex}
        onIndexChange={setOpenIndex}
      />
    </>
  );
}
