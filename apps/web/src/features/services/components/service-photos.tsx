import { useState } from 'react';
import { PhotoLightbox } from './photo-lightbox';

type ServicePhotosProps = { images: string[]; serviceName: string };

export function ServicePhotos({ images, serviceName }: ServicePhotosProps) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  if (images.length === 0) return <p>N/A</p>;
  return (
    <>
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
